import { useEffect, useState } from 'react';

/**
 * How long a wait goes before it says it is taking longer than usual and offers Retry or
 * Cancel (issue 14, defect 15). docs/product/web-app.md#every-request sets no HTTP timeout, so nothing is ever cut short: the
 * customer decides.
 */
export const SLOW_WAIT_MS = 5_000;

/**
 * True once the same wait has lasted SLOW_WAIT_MS. `wait` names the wait in progress (a token
 * per run or attempt) and is null while nothing is awaited; a new token starts the clock again.
 */
export function useSlowWait(wait: unknown): boolean {
  const [slow, setSlow] = useState<unknown>(null);
  useEffect(() => {
    if (wait === null) return undefined;
    const timer = setTimeout(() => setSlow(() => wait), SLOW_WAIT_MS);
    return () => clearTimeout(timer);
  }, [wait]);
  return wait !== null && slow === wait;
}
