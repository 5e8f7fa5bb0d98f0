import type { Transaction } from '@corridor/contracts';
import { useEffect, useState } from 'react';

/** "14:32" / "2:32 PM": the time of day in the browser's time zone, in the customer's language. */
export function formatTimeOfDay(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(date));
}

/**
 * Whether the transfer can still be cancelled free: the server's `cancellable_until`, while it is
 * ahead of the browser's clock (docs/product/sending-money.md#cancellation-window). Turns false by
 * itself when the window closes with the page open; the server decides in the end.
 */
export function useCancelWindowOpen(transaction: Transaction): boolean {
  const until = transaction.cancellable_until;
  const [now, setNow] = useState(() => Date.now());
  const closesAt = until === null ? null : Date.parse(until);
  useEffect(() => {
    if (closesAt === null || closesAt <= now) return undefined;
    // Browsers cap timers at about 24.8 days; a window is 30 minutes.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(closesAt - now, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [closesAt, now]);
  return closesAt !== null && closesAt > now;
}
