import { Money } from '../../lib/money.ts';
import type { ConfirmFactsFound } from './confirm-facts-many.repository.ts';
import type { PreparedConfirm } from './confirm-transfer.ts';
import type { PlannedConfirm } from './confirm-writes.ts';

/** What confirm decides a confirm's refusals from (confirm-transfer.ts `refusalOf`). */
export interface ConfirmFacts {
  /** The transfer the quote already is. */
  existingId: string | null;
  /** What the customer sent in the quote's currency in each rolling window. */
  sent: { last_24_hours: Money; last_30_days: Money; last_180_days: Money };
  /** A likely duplicate: an unfinished transfer to the same recipient of the same amount. */
  twinId: string | null;
}

/**
 * A confirm's facts as `factsOf` would read them once the group's confirms before it
 * (`passed`, all made at the group's time, in PENDING-PAYMENT) had committed: the transfer its
 * quote became, its customer's sends in its currency added to every window, and the newest
 * twin of the database's and theirs, ordered as the twin's read orders them.
 */
export function withPassed(
  prepared: PreparedConfirm,
  read: ConfirmFactsFound,
  passed: readonly PlannedConfirm[],
): ConfirmFacts {
  const { quote, session } = prepared;
  const { send } = quote.figures;
  const mine = passed.filter(
    ({ prepared: before }) =>
      before.session.customer_id === session.customer_id &&
      before.quote.figures.send.currency === send.currency,
  );
  const added = mine.reduce((sum, { values }) => sum + values.send_minor, 0n);
  const existingId =
    read.existingId ??
    passed.find(({ prepared: before }) => before.quote.id === quote.id)?.values.id ??
    null;
  let twin = read.twin;
  if (quote.recipient_id !== null) {
    for (const { values } of mine) {
      if (values.recipient_id !== quote.recipient_id || values.send_minor !== send.minor) {
        continue;
      }
      const at = values.created_at;
      const newer =
        twin === null ||
        at.getTime() > twin.at.getTime() ||
        (at.getTime() === twin.at.getTime() && values.id > twin.id);
      if (newer) twin = { id: values.id, at };
    }
  }
  const sentIn = (minor: bigint) => Money.fromMinor(minor + added, send.currency);
  return {
    existingId,
    sent: {
      last_24_hours: sentIn(read.sent.last_24_hours),
      last_30_days: sentIn(read.sent.last_30_days),
      last_180_days: sentIn(read.sent.last_180_days),
    },
    twinId: twin?.id ?? null,
  };
}
