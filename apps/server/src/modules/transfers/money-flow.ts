import type { Jobs } from '../../jobs/index.ts';
import { createBankSettlement } from './bank-settlement.ts';
import type { FlowDeps } from './flow-deps.ts';
import {
  advanceTransferJob,
  EXPIRY_SWEEP_MS,
  expirePaymentsJob,
  pollPayoutJob,
  settleBankTransferJob,
  submitPayoutJob,
} from './flow-jobs.ts';
import { createPaymentChanges } from './payment-changes.ts';
import { createPayoutPolling } from './payout-polling.ts';
import { createPayoutRunner } from './payout-runner.ts';

/**
 * The money's flow after confirm, composed (docs/product/sending-money.md#payments, #ledger):
 * "I've paid", settlement, deadlines, cancel, the payout runner and polling, and their jobs.
 */
export function createMoneyFlow(deps: FlowDeps) {
  const runner = createPayoutRunner(deps);
  const polling = createPayoutPolling(deps);
  const settlement = createBankSettlement({ ...deps, runner });
  const paymentChanges = createPaymentChanges(deps);
  return {
    runner,
    polling,
    settlement,
    paymentChanges,
    /** Registers the flow's jobs (every process that works jobs). */
    jobs(jobs: Pick<Jobs, 'register'>): void {
      const retries = { retryLimit: 5, retryDelaySeconds: 5 };
      jobs.register(
        settleBankTransferJob,
        async ({ payment_id }) => {
          await settlement.settleBankTransfer(payment_id, 'sandbox-bank');
        },
        retries,
      );
      jobs.register(
        advanceTransferJob,
        ({ transaction_id, from }) => runner.advance(transaction_id, from),
        retries,
      );
      jobs.register(
        submitPayoutJob,
        ({ transaction_id, attempt }) => polling.submit(transaction_id, attempt),
        retries,
      );
      jobs.register(pollPayoutJob, ({ transaction_id }) => polling.poll(transaction_id), retries);
      jobs.register(
        expirePaymentsJob,
        async () => {
          await paymentChanges.expireOverdue();
        },
        { policy: 'stately', retryLimit: 3, retryDelaySeconds: 10, every: { ms: EXPIRY_SWEEP_MS } },
      );
    },
  };
}

export type MoneyFlow = ReturnType<typeof createMoneyFlow>;
