import type { TransactionStateCode } from '@corridor/contracts';
import { CANCELLATION_WINDOW_MS, type StateRecord } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';

/**
 * The cancellation window's rules on a transfer's row (docs/product/sending-money.md#cancellation-window,
 * docs/decisions/0048-cancellation-window-in-the-ledger.md): `cancellable_until` is set when the
 * payment clears and cleared when the window closes (its job, or the hand-over for payout). While
 * it is set, the "transfer paid" entry is pending and the entries that spend it wait.
 */

/**
 * How a change of state moves the window: opened at PAYMENT-CLEARED (its time + 30 minutes),
 * closed by the hand-over (SENDING-FOR-PAYOUT), else unchanged (undefined). A cancel keeps it:
 * the refund reads it to void, not reverse, the pending entry.
 */
export function windowAfter(record: StateRecord): Date | null | undefined {
  if (record.state === 'PAYMENT-CLEARED') {
    return new Date(record.at.getTime() + CANCELLATION_WINDOW_MS);
  }
  if (record.state === 'SENDING-FOR-PAYOUT') return null;
  return undefined;
}

/** Whether the transfer-paid entry is still pending: the window has not closed. */
export const windowOpen = (row: Pick<TransactionRow, 'cancellable_until'>): boolean =>
  row.cancellable_until !== null;

/** The states a customer's cancel within the window starts from (paid, not handed over). */
const CANCELLABLE: readonly TransactionStateCode[] = [
  'PAYMENT-CLEARED',
  'DOCUMENT-REQUIRED',
  'DOCUMENT-PROVIDED',
  'UNDER-REVIEW',
  'ON-HOLD',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
];

/** `transaction.cancellable_until`: the window's end while the customer may still cancel. */
export function cancellableUntilOf(row: Pick<TransactionRow, 'cancellable_until' | 'state'>) {
  return row.cancellable_until !== null && CANCELLABLE.includes(row.state as TransactionStateCode)
    ? row.cancellable_until
    : null;
}

/** Why a customer's cancel of a transfer is refused (a 409's type), or null when it may go on. */
export function cancelRefusal(
  row: Pick<TransactionRow, 'cancellable_until' | 'state'>,
  now: Date,
): 'transaction_not_cancellable' | 'cancellation_window_closed' | null {
  const state = row.state as TransactionStateCode;
  const handedOver: readonly TransactionStateCode[] = [
    'SENDING-FOR-PAYOUT',
    'SENT-FOR-PAYOUT',
    'PAYOUT-FAILED',
  ];
  // Handed over: the window closed with the hand-over, whatever the time.
  if (handedOver.includes(state)) return 'cancellation_window_closed';
  // Not paid yet (the payment's own cancel applies), paid out, or cancelled already.
  if (!CANCELLABLE.includes(state)) return 'transaction_not_cancellable';
  const until = row.cancellable_until;
  if (until === null || now.getTime() >= until.getTime()) return 'cancellation_window_closed';
  return null;
}
