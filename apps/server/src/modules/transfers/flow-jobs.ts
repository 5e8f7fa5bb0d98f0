import type { TransactionStateCode } from '@corridor/contracts';
import { defineJob } from '../../jobs/index.ts';

/**
 * The jobs that move a transfer's money after confirm (pg-boss on the injected clock, decision 13):
 * durable, so a restart resumes them; each checks where the transfer stands before acting, so a
 * repeated job does nothing twice.
 */

/** The sandbox bank settles a payment the customer said it paid. */
export const settleBankTransferJob = defineJob<{ payment_id: string }>(
  'transfers.settle-bank-transfer',
);

/** Times out unpaid payments past their deadline (every minute). */
export const expirePaymentsJob = defineJob('transfers.expire-payments');

/** What an advance job carries: the transfer and the state it moves on from. */
export type AdvanceData = {
  transaction_id: string;
  from: TransactionStateCode;
};

/**
 * Moves a transfer on from `from` (cleared → converting → available → handed over). Each of the
 * three moves has its own kind, so its own fetching loop (docs/decisions/0066-an-advance-kind-a-step.md):
 * one loop took all three and was the flow's queue. Every kind's handler takes any `from`, so a
 * job queued under the one kind before still runs.
 */
export const advanceTransferJob = defineJob<AdvanceData>('transfers.advance');
/** The move from CONVERTING-FOREX to AVAILABLE-FOR-PAYOUT. */
export const advanceConvertedJob = defineJob<AdvanceData>('transfers.advance-converted');
/** The move from AVAILABLE-FOR-PAYOUT to SENDING-FOR-PAYOUT. */
export const advanceHandOverJob = defineJob<AdvanceData>('transfers.advance-hand-over');

/** The three advance kinds, each registered with the same handler. */
export const ADVANCE_JOBS = [advanceTransferJob, advanceConvertedJob, advanceHandOverJob] as const;

/** The kind that moves a transfer on from `from`. */
export function advanceJobFrom(from: TransactionStateCode) {
  if (from === 'CONVERTING-FOREX') return advanceConvertedJob;
  if (from === 'AVAILABLE-FOR-PAYOUT') return advanceHandOverJob;
  return advanceTransferJob;
}

/** Hands a transfer's payout (attempt n) to the partner. */
export const submitPayoutJob = defineJob<{ transaction_id: string; attempt: number }>(
  'transfers.submit-payout',
);

/** Asks the partner where a payout stands, when it said to ask again. */
export const pollPayoutJob = defineJob<{ transaction_id: string }>('transfers.poll-payout');

/** How often the deadline sweep runs, on the injected clock. */
export const EXPIRY_SWEEP_MS = 60_000;

/** Closes a paid transfer's cancellation window at its end (decision 48), if still open. */
export const closeCancellationWindowJob = defineJob<{ transaction_id: string }>(
  'transfers.close-cancellation-window',
);

/**
 * The flow's kinds whose batches send their next jobs as bundles (decision 69): each is sent by a
 * batch of up to 50, has a batch handler, and a repeated job of each finds its transfer moved on
 * and ends. Not the settlement (sent by small groups of requests: a worker fetching one bundle at
 * a time would take them in small batches), the poll (its key keeps one chain of polls a payout)
 * nor the window's close (withdrawn by its key).
 */
export const BUNDLED_JOBS = [...ADVANCE_JOBS, submitPayoutJob] as const;

/** Their names. */
export const BUNDLED_JOB_NAMES: ReadonlySet<string> = new Set(BUNDLED_JOBS.map(({ name }) => name));
