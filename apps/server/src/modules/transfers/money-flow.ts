import type { Tx } from '../../db/executor.ts';
import type { Jobs } from '../../jobs/index.ts';
import { IllegalPaymentTransitionError } from '../payments/index.ts';
import { createAdvanceBatch } from './advance-batch.ts';
import { createBankSettlement } from './bank-settlement.ts';
import { createSettlementBatch } from './settlement-batch.ts';
import { lockTransfer, type FlowDeps } from './flow-deps.ts';
import {
  advanceTransferJob,
  closeCancellationWindowJob,
  EXPIRY_SWEEP_MS,
  expirePaymentsJob,
  pollPayoutJob,
  settleBankTransferJob,
  submitPayoutJob,
} from './flow-jobs.ts';
import { createPaymentChanges } from './payment-changes.ts';
import { createPayoutPolling } from './payout-polling.ts';
import { createPayoutRunner } from './payout-runner.ts';
import { IllegalTransitionError } from './transaction-states.ts';
import { refundPaidTransfer } from './transfer-refunds.ts';
import type { TransferChanged } from './transfer-transitions.ts';
import { createWindowClosing } from './window-closing.ts';

/**
 * Submit and poll jobs a worker claims per fetch (2 run side by side, each a job of its own):
 * see the arithmetic in `jobs()`.
 */
export const FLOW_BATCH_SIZE = 4;
/**
 * Advance and settlement jobs a worker claims per fetch, each fetch taken as one batch in one
 * transaction (decision 43).
 */
export const ADVANCE_BATCH_SIZE = 20;
/** Seconds a claimed flow job may run before pg-boss hands it to another worker. */
export const FLOW_EXPIRY_SECONDS = 30;
/** Seconds the payment deadline sweep may run before pg-boss hands it to another worker. */
export const SWEEP_EXPIRY_SECONDS = 120;

/**
 * The money's flow after confirm, composed (docs/product/sending-money.md#payments, #ledger):
 * "I've paid", settlement, deadlines, cancel, the payout runner and polling, and their jobs.
 */
export function createMoneyFlow(deps: FlowDeps) {
  const runner = createPayoutRunner(deps);
  const advanceMany = createAdvanceBatch(deps);
  const polling = createPayoutPolling(deps);
  const settlement = createBankSettlement({ ...deps, runner });
  const settleMany = createSettlementBatch(deps);
  const paymentChanges = createPaymentChanges(deps);
  const windowClosing = createWindowClosing(deps);

  /**
   * Carries a transfer on from where it stands, at once: after an operator releases it, the job
   * of its step (which found it ON-HOLD and did nothing) is sent again; awaiting payment, a
   * payment the customer said it paid is settled.
   */
  async function resume(tx: Tx, transactionId: string): Promise<void> {
    const { row } = await lockTransfer(deps, tx, transactionId);
    if (await runner.resumeStep(tx, row)) return;
    if (row.state !== 'PENDING-PAYMENT') return;
    const payment = await deps.payments.lockCurrent(tx, row.id);
    if (payment?.customer_confirmed_payment && payment.state === 'REDIRECTED') {
      await settlement.scheduleSettlement(tx, payment.id, 0);
    }
  }

  /** A settlement the bank's job can no longer make (cancelled, timed out, held): logged, dropped. */
  async function settleFromJob(paymentId: string): Promise<void> {
    try {
      await settlement.settleBankTransfer(paymentId, 'sandbox-bank');
    } catch (error) {
      if (!(
        error instanceof IllegalPaymentTransitionError || error instanceof IllegalTransitionError
      )) {
        throw error;
      }
      deps.log.warn(
        { paymentId, error: error.name },
        'bank transfer not settled: moved on meanwhile',
      );
    }
  }

  return {
    runner,
    /** The advance jobs of a fetch as one batch (advance-batch.ts); the rest run alone. */
    advanceMany,
    /** The sandbox bank's settlement jobs of a fetch as one batch (settlement-batch.ts). */
    settleMany,
    polling,
    settlement,
    paymentChanges,
    windowClosing,
    resume,
    /**
     * Refunds a paid transfer in full in the caller's transaction, after the change that refunds
     * it (an operator's cancel to CANCELLED): `transfer` is what that change returned.
     */
    refund: (tx: Tx, changed: Pick<TransferChanged, 'transaction' | 'history'>) =>
      refundPaidTransfer(deps, tx, { row: changed.transaction, history: changed.history }),
    /** Registers the flow's jobs (every process that works jobs). */
    jobs(jobs: Pick<Jobs, 'register'>): void {
      // Each job locks its own transfer, so several run side by side in a process (within the
      // PostgreSQL pool of 10 with the other queues); on the embedded database they queue.
      // Expiry (issue 29): a job is at most 10 s (up to 5 s waiting for a connection, its one
      // transaction, and for submit and poll the partner's call outside it). A submit or poll
      // worker claims FLOW_BATCH_SIZE = 4 and runs 2 side by side: 2 waves, 20 s for the batch,
      // whose jobs' expiry all start at the fetch; FLOW_EXPIRY_SECONDS = 30 is 1.5 times that
      // (a settlement's or advance's fetch is one transaction: see below). A dead
      // process's claimed jobs run again after 30 s, plus up to EXPIRY_CHECK_SECONDS (10) until a
      // supervisor notices and the first retry's 5 to 10 s: under a minute (pg-boss's default
      // 300 s and batches of 20 had stalled a paid transfer over 5 minutes). An expired job that
      // was only slow may run twice: each one checks where its transfer stands, under its lock.
      const retries = {
        retryLimit: 5,
        retryDelaySeconds: 5,
        concurrency: 2,
        batchSize: FLOW_BATCH_SIZE,
        expireInSeconds: FLOW_EXPIRY_SECONDS,
      };
      // The sandbox bank's settlements run a fetch as one batch too (settlement-batch.ts): one
      // transaction, at most 10 s as one job, so FLOW_EXPIRY_SECONDS holds as for the advance.
      jobs.register(settleBankTransferJob, ({ payment_id }) => settleFromJob(payment_id), {
        ...retries,
        batchSize: ADVANCE_BATCH_SIZE,
        batch: (batch) =>
          settleMany(
            batch.map(({ data, context }) => ({ id: context.id, paymentId: data.payment_id })),
          ),
      });
      // The advance (three a transfer, the kind that runs most) runs a fetch as one batch
      // (decision 43): one transaction whatever its size (at most 10 s, as one job), so its
      // expiry stays FLOW_EXPIRY_SECONDS and a dead process's advances run again within a
      // minute. The jobs the batch leaves run alone, 2 side by side: a few in the common case
      // (a transfer held, a second payout); were the batch itself to fail, its 20 could outlast
      // the expiry and some run twice, which each tolerates (it checks its transfer's state).
      jobs.register(
        advanceTransferJob,
        ({ transaction_id, from }) => runner.advance(transaction_id, from),
        {
          ...retries,
          batchSize: ADVANCE_BATCH_SIZE,
          batch: (batch) =>
            advanceMany(
              batch.map(({ data, context }) => ({
                id: context.id,
                transactionId: data.transaction_id,
                from: data.from,
              })),
            ),
        },
      );
      jobs.register(
        submitPayoutJob,
        ({ transaction_id, attempt }) => polling.submit(transaction_id, attempt),
        retries,
      );
      jobs.register(pollPayoutJob, ({ transaction_id }) => polling.poll(transaction_id), retries);
      // One a paid transfer, 30 minutes after its payment cleared: a short transaction each.
      jobs.register(
        closeCancellationWindowJob,
        async ({ transaction_id }) => {
          await windowClosing.close(transaction_id);
        },
        retries,
      );
      jobs.register(
        expirePaymentsJob,
        async () => {
          await paymentChanges.expireOverdue();
        },
        {
          policy: 'stately',
          retryLimit: 3,
          retryDelaySeconds: 10,
          every: { ms: EXPIRY_SWEEP_MS },
          // Up to 200 payments, a short transaction each (about 20 s on a busy database); being
          // 'stately', a sweep stuck with a dead process would hold the next one back its expiry.
          expireInSeconds: SWEEP_EXPIRY_SECONDS,
        },
      );
    },
  };
}

export type MoneyFlow = ReturnType<typeof createMoneyFlow>;
