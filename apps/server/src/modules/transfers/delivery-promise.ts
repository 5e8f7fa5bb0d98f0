import type { TransactionStateCode } from '@corridor/contracts';
import { and, asc, gt, inArray, lte, not, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/executor.ts';
import { defineJob } from '../../jobs/index.ts';
import { hasRefundSql } from '../payments/index.ts';
import { figuresOf, lockTransfer, recordEntries, type FlowDeps } from './flow-deps.ts';
import { localeOf } from './locked-transfer.ts';
import type { RefundMail } from './refund-mail.ts';
import { promiseFeeRefundEntries } from './refund-entries.ts';
import { currentOf, type StateRecord } from './transaction-states.ts';
import { transactions, transactionStates } from './transfers.schema.ts';

/**
 * The delivery promise (docs/product/sending-money.md#delivery-promise): a transfer paid out
 * after its `available_by` by Corridor's fault has its fee refunded, once, by a sweep on the
 * injected clock. A sweep, not a job per transfer: it needs nothing from the steps that clear or
 * hold a transfer, it picks up a fee earned after the deadline passed (the fee is refunded only
 * once earned), and a missed run is made up by the next.
 */

/** Looks for missed promises (every minute). */
export const keepDeliveryPromisesJob = defineJob('transfers.delivery-promise');
export const PROMISE_SWEEP_MS = 60_000;
/**
 * How far back a sweep looks past `available_by`: a transfer still in flight then is refunded at
 * the first sweep after it; one paid out late is caught if it was paid within this, which a
 * sweep every minute leaves days to spare.
 */
export const PROMISE_LOOKBACK_MS = 604_800_000; // 7 days
const SWEEP_BATCH = 200;

/** The holds that are the customer's to clear: the promise's clock stops while in one. */
export const CUSTOMER_HOLDS: readonly TransactionStateCode[] = ['DOCUMENT-REQUIRED'];

/** Paid and not yet paid out: where a promise can be missed. */
const IN_FLIGHT: readonly TransactionStateCode[] = [
  'PAYMENT-CLEARED',
  'DOCUMENT-REQUIRED',
  'DOCUMENT-PROVIDED',
  'UNDER-REVIEW',
  'ON-HOLD',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
  'SENDING-FOR-PAYOUT',
  'SENT-FOR-PAYOUT',
  'PAYOUT-FAILED',
];

export type PromiseVerdict =
  /** Missed, the fee earned: refund it. */
  | 'refund'
  /** Paid out in time, or not the promise's to keep (unpaid, cancelled, reversed, no fee). */
  | 'nothing'
  /** Not missed yet, or missed before the fee was earned: look again later. */
  | 'waiting';

/**
 * Whether the transfer missed its promise at `now` (pure). The deadline is `available_by`
 * pushed back by the time the transfer spent in a customer's hold (before it was paid out, or
 * until now); a transfer in one now is waited for.
 */
export function promiseVerdict(
  transfer: { available_by: Date; fee_minor: bigint; cancellable_until: Date | null },
  history: readonly StateRecord[],
  now: Date,
): PromiseVerdict {
  const state = currentOf(history).state;
  const paidOut = history.find((record) => record.state === 'PAYOUT-SUCCESS')?.at ?? null;
  if (!IN_FLIGHT.includes(state) && state !== 'PAYOUT-SUCCESS') return 'nothing';
  const until = paidOut ?? now;
  let customerHeldMs = 0;
  history.forEach((record, index) => {
    if (!CUSTOMER_HOLDS.includes(record.state) || record.at >= until) return;
    const next = history[index + 1]?.at ?? until;
    const left = next < until ? next : until;
    customerHeldMs += left.getTime() - record.at.getTime();
  });
  const deadline = transfer.available_by.getTime() + customerHeldMs;
  if (paidOut === null && CUSTOMER_HOLDS.includes(state)) return 'waiting';
  if (until.getTime() <= deadline) return paidOut === null ? 'waiting' : 'nothing';
  if (transfer.fee_minor === 0n) return 'nothing';
  // The fee is earned when the cancellation window closes (decision 48): a transfer paid whose
  // window is no longer open.
  const feeEarned =
    transfer.cancellable_until === null &&
    history.some((record) => record.state === 'PAYMENT-CLEARED');
  return feeEarned ? 'refund' : 'waiting';
}

export function createDeliveryPromise(deps: FlowDeps & { mailRefund: RefundMail }) {
  /** Transfers past `available_by` not yet refunded: in flight, or paid out after it. */
  async function candidates(now: Date): Promise<string[]> {
    const paidOutLate = sql`exists (select 1 from ${transactionStates} where ${transactionStates.transaction_id} = ${transactions.id} and ${transactionStates.state} = 'PAYOUT-SUCCESS' and ${transactionStates.at} > ${transactions.available_by})`;
    const rows = await deps.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(
        and(
          lte(transactions.available_by, now),
          gt(transactions.available_by, new Date(now.getTime() - PROMISE_LOOKBACK_MS)),
          gt(transactions.fee_minor, 0n),
          or(
            inArray(transactions.state, [...IN_FLIGHT]),
            and(sql`${transactions.state} = 'PAYOUT-SUCCESS'`, paidOutLate),
          ),
          not(hasRefundSql(transactions.id, 'missed-delivery-promise')),
        ),
      )
      .orderBy(asc(transactions.available_by))
      .limit(SWEEP_BATCH);
    return rows.map((row) => row.id);
  }

  /** Refunds one transfer's fee if it missed its promise; true when it did. */
  async function keepIn(tx: Tx, transactionId: string): Promise<boolean> {
    const locked = await lockTransfer(deps, tx, transactionId);
    const { row, history } = locked;
    if (promiseVerdict(row, history, deps.clock.now()) !== 'refund') return false;
    const payment = (await deps.payments.allOf(tx, row.id)).find(
      (candidate) => candidate.state === 'CAPTURED' || candidate.state === 'PART-REFUNDED',
    );
    if (!payment) return false;
    const refunds = await deps.payments.refunds.ofPayment(tx, payment.id);
    if (refunds.some((refund) => refund.reason === 'missed-delivery-promise')) return false;
    const lockedPayment = await deps.payments.lock(tx, payment.id);
    if (!lockedPayment) return false;
    await recordEntries(deps, tx, promiseFeeRefundEntries(figuresOf(row)));
    const refund = await deps.payments.refunds.record(tx, {
      payment: lockedPayment,
      reason: 'missed-delivery-promise',
      amountMinor: row.fee_minor,
      customerId: row.customer_id,
      locale: await localeOf(deps, tx, locked),
    });
    await deps.mailRefund(tx, locked, 'promise-fee', refund);
    return true;
  }

  return {
    /** The sweep: each missed promise's fee refunded in a use case of its own; answers how many. */
    async sweep(): Promise<number> {
      const ids = await candidates(deps.clock.now());
      let refunded = 0;
      for (const id of ids) {
        if (await deps.uow.run((tx) => keepIn(tx, id))) refunded += 1;
      }
      if (refunded > 0) deps.log.info({ refunded }, 'missed delivery promises: fees refunded');
      return refunded;
    },
  };
}

export type DeliveryPromise = ReturnType<typeof createDeliveryPromise>;
