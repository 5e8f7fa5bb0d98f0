import type { RefundReason } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import { figuresOf, recordEntries, type FlowDeps } from './flow-deps.ts';
import { refundProgressOf } from './payout-progress.ts';
import { localeOf, type LockedTransfer } from './locked-transfer.ts';
import { remainingRefundEntries } from './refund-entries.ts';
import type { StateRecord } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';

/**
 * A paid transfer refunded in full (docs/product/sending-money.md#the-entries-of-a-transfer,
 * #refunds): the entries made so far reversed and the customer paid back through safeguarding
 * (less what was refunded before: a missed promise's fee), its refund recorded with `reason`
 * and its captured payment REFUNDED, in the caller's transaction, after the state change that
 * refunds it (CANCELLED, or PAYOUT-REVERSED). A payout must be settled first: voided on
 * failure, or reversed. Refunding it again with the same reason changes nothing.
 */
export async function refundPaidTransfer(
  deps: FlowDeps,
  tx: Tx,
  transfer: { row: TransactionRow; history: readonly StateRecord[] } | LockedTransfer,
  reason: RefundReason,
): Promise<void> {
  const { row, history } = transfer;
  const payments = await deps.payments.allOf(tx, row.id);
  const paid = payments.find(
    (payment) => payment.state === 'CAPTURED' || payment.state === 'PART-REFUNDED',
  );
  const refundedBefore = paid ? await deps.payments.refunds.refundedSoFar(tx, paid.id) : 0n;
  await recordEntries(
    deps,
    tx,
    remainingRefundEntries(figuresOf(row), refundProgressOf(history), refundedBefore),
  );
  if (!paid) return;
  const locked = await deps.payments.lock(tx, paid.id);
  if (!locked) throw new Error(`payment ${paid.id} vanished`);
  await deps.payments.refunds.record(tx, {
    payment: locked,
    reason,
    amountMinor: locked.amount_minor - refundedBefore,
    customerId: row.customer_id,
    // The customer's language as the use case read it already, if it did.
    ...('known' in transfer ? { locale: await localeOf(deps, tx, transfer) } : {}),
  });
}

/**
 * The partner failed the payout: PAYOUT-FAILED with the payout's pending entry voided, then the
 * transfer refunded in full and CANCELLED (issue 29: "PAYOUT-FAILED, full refund with its
 * entries"), all in the caller's transaction.
 */
export async function failAndRefund(
  deps: FlowDeps,
  tx: Tx,
  locked: LockedTransfer,
  voidPayout: () => Promise<void>,
): Promise<void> {
  const transactionId = locked.row.id;
  await deps.transitionTransfer(
    tx,
    { transactionId, to: 'PAYOUT-FAILED', cause: 'partner-failed' },
    locked,
  );
  await voidPayout();
  await deps.transitionTransfer(tx, { transactionId, to: 'CANCELLED', cause: 'refunded' }, locked);
  await refundPaidTransfer(deps, tx, locked, 'payout-failed');
}
