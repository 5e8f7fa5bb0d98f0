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

/** Moves a transfer on from `from` (cleared → converting → available → handed over). */
export const advanceTransferJob = defineJob<{
  transaction_id: string;
  from: TransactionStateCode;
}>('transfers.advance');

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
