import type { RefundReason } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { Jobs } from '../../jobs/index.ts';
import { IllegalPaymentTransitionError } from '../payments/index.ts';
import { createAdvanceBatch } from './advance-batch.ts';
import { createBankSettlement } from './bank-settlement.ts';
import { createSettlementBatch } from './settlement-batch.ts';
import { lockTransfer, type FlowDeps } from './flow-deps.ts';
import {
  ADVANCE_JOBS,
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
import { createPollBatch } from './poll-batch.ts';
import { createSubmitBatch } from './submit-batch.ts';
import { IllegalTransitionError } from './transaction-states.ts';
import { refundPaidTransfer } from './transfer-refunds.ts';
import type { TransferChanged } from './transfer-transitions.ts';
import { createWindowClosing } from './window-closing.ts';

/**
 * Advance, settlement, hand-over and poll jobs a worker claims per fetch, each fetch taken as one
 * batch in one transaction (decision 43): see the arithmetic in `jobs()`. A batch's statements
 * do not grow with it, so under load a larger fetch is cheaper a job on the server and on
 * PostgreSQL; a quiet process fetches what is due whatever the size. 20 had the jobs of a busy
 * run wait 0.7-1.9 s for a fetch, each sandbox second costing two (docs/performance.md, issue 29).
 */
export const ADVANCE_BATCH_SIZE = 50;
/**
 * Bundles an advance's worker claims per fetch (decision 69): a bundle is what one batch of the
 * step before sent, often far fewer than 50 under load, and a loop taking one at a time fell
 * behind the loop that feeds it (the hand-over's advance waited 3 s for a fetch). Two let small
 * bundles merge into one batch, at most two calls of the batch handler a fetch.
 */
export const ADVANCE_BUNDLES_PER_FETCH = 2;
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
  const submitMany = createSubmitBatch(deps, polling);
  const pollMany = createPollBatch(deps, polling);
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
    /** The hand-over jobs of a fetch as one batch (submit-batch.ts). */
    submitMany,
    /** The poll jobs of a fetch as one batch (poll-batch.ts). */
    pollMany,
    polling,
    settlement,
    paymentChanges,
    windowClosing,
    resume,
    /**
     * Refunds a paid transfer in full in the caller's transaction, after the change that refunds
     * it (an operator's cancel to CANCELLED): `transfer` is what that change returned.
     */
    refund: (
      tx: Tx,
      changed: Pick<TransferChanged, 'transaction' | 'history'>,
      reason: RefundReason,
    ) =>
      refundPaidTransfer(deps, tx, { row: changed.transaction, history: changed.history }, reason),
    /** Registers the flow's jobs (every process that works jobs). */
    jobs(jobs: Pick<Jobs, 'register'>): void {
      // Each kind's worker claims a fetch of ADVANCE_BATCH_SIZE and hands it to its batch
      // handler (decision 43); the jobs a batch leaves run alone, 2 side by side (each locks its
      // own transfer). Expiry (issue 29): a job alone is at most 10 s (up to 5 s waiting for a
      // connection, its one transaction, and for submit and poll the partner's call outside
      // it). A fetch of settlements is one transaction, at most 10 s as one job; a fetch of
      // advances is ADVANCE_BUNDLES_PER_FETCH (2) bundles, each what one batch sent (decision
      // 69): two transactions at most, 20 s. A fetch of hand-overs (one bundle) or polls asks
      // the partner PARTNER_CALLS_SIDE_BY_SIDE (25) at a time, two waves of a call of at most
      // 5 s, then writes in one transaction: 20 s. So FLOW_EXPIRY_SECONDS = 30 holds for every
      // kind, and a dead process's claimed jobs run again after 30 s, plus up to
      // EXPIRY_CHECK_SECONDS (10) until a supervisor notices and the first retry's 5 to 10 s:
      // under a minute (pg-boss's default 300 s had stalled a paid transfer over 5 minutes).
      // When a batch leaves many jobs (it threw, or its write failed and each answer is written
      // alone), they may outlast the expiry and some run twice, which each tolerates: it checks
      // where its transfer stands, under its lock.
      const retries = {
        retryLimit: 5,
        retryDelaySeconds: 5,
        concurrency: 2,
        batchSize: ADVANCE_BATCH_SIZE,
        expireInSeconds: FLOW_EXPIRY_SECONDS,
      };
      // A batch's next jobs of one kind and run time are one job (decision 69, BUNDLED_JOBS):
      // there their singleton keys only spared a repeated job, which finds its transfer moved on
      // and ends. Not the settlement, sent by small groups of requests (its loop takes 50 of
      // them a fetch), nor the poll, whose key keeps one chain of polls a payout (each poll
      // sends the next), nor the window's close, which the hand-over withdraws by its key.
      const batched = { ...retries, bundle: true };
      jobs.register(settleBankTransferJob, ({ payment_id }) => settleFromJob(payment_id), {
        ...retries,
        batch: (batch) =>
          settleMany(
            batch.map(({ data, context }) => ({ id: context.id, paymentId: data.payment_id })),
          ),
      });
      // One kind a move, each with its own fetching loop (flow-jobs.ts), the same handlers.
      for (const advanceJob of ADVANCE_JOBS) {
        jobs.register(
          advanceJob,
          ({ transaction_id, from }) => runner.advance(transaction_id, from),
          {
            ...batched,
            bundlesPerFetch: ADVANCE_BUNDLES_PER_FETCH,
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
      }
      jobs.register(
        submitPayoutJob,
        ({ transaction_id, attempt }) => polling.submit(transaction_id, attempt),
        {
          ...batched,
          batch: (batch) =>
            submitMany(
              batch.map(({ data, context }) => ({
                id: context.id,
                transactionId: data.transaction_id,
                attempt: data.attempt,
              })),
            ),
        },
      );
      jobs.register(pollPayoutJob, ({ transaction_id }) => polling.poll(transaction_id), {
        ...retries,
        batch: (batch) =>
          pollMany(
            batch.map(({ data, context }) => ({
              id: context.id,
              transactionId: data.transaction_id,
            })),
          ),
      });
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
