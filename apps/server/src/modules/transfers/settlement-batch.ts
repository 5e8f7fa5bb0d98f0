import type { Locale } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { PaymentRow } from '../payments/index.ts';
import { createClearanceBatch } from './advance-batch.ts';
import { knowFacts } from './batch-facts.ts';
import { advanceTransferJob } from './flow-jobs.ts';
import { figuresOf, type FlowDeps } from './flow-deps.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import { IllegalTransitionError, transition } from './transaction-states.ts';
import { applyLedgerRounds } from './ledger-writes.ts';
import { paymentClearedEntries } from './transfer-entries.ts';
import { createWindowClosing } from './window-closing.ts';

/** A settlement job as the batch takes it. */
export interface SettleJob {
  id: string;
  paymentId: string;
}

interface Settling {
  jobId: string;
  locked: LockedTransfer;
  payment: PaymentRow;
}

/**
 * The sandbox bank's settlement jobs of a fetch in ONE transaction of set-based statements
 * (docs/decisions/0043-batched-steps.md), as `settleBankTransfer` (bank-settlement.ts) settles
 * each: the payments found, their transfers locked with their timelines (transfers before
 * payments, always), the payments locked; each payment CAPTURED and its transfer PAYMENT-CLEARED
 * (one statement each for the batch, with their events and emails gathered into one), the
 * entries (`recordMany`), then each converted or held at once (`clearMany`, decision 71).
 * Answers the ids of the jobs done: a payment captured already is done (the single path answers
 * false). What it refuses runs alone through the single path: a payment or transfer missing or
 * not the pair, a second job of one payment, a transfer still CREATED, a change the payment's or
 * transfer's machine refuses (the single path logs and drops it), and every job when the batch
 * throws (a ledger replay).
 */
export function createSettlementBatch(deps: FlowDeps) {
  const windowClosing = createWindowClosing(deps);
  const clearMany = createClearanceBatch(deps);
  async function decide(tx: Tx, jobs: readonly SettleJob[]) {
    const first = new Map<string, SettleJob>();
    for (const job of jobs) if (!first.has(job.paymentId)) first.set(job.paymentId, job);
    const found = await deps.payments.batches.findMany(tx, [...first.keys()]);
    const held = await deps.transfers.lockManyWithHistory(tx, [
      ...new Set([...found.values()].map((payment) => payment.transaction_id)),
    ]);
    const payments = await deps.payments.batches.lockMany(tx, [...found.keys()]);
    const done = new Set<string>();
    const settling: Settling[] = [];
    const seen = new Set<string>();
    for (const job of first.values()) {
      const payment = payments.get(job.paymentId);
      const locked = payment && held.get(payment.transaction_id);
      // A transfer with two payments in the batch: the second alone, after the first.
      if (!payment || !locked || seen.has(locked.row.id)) continue;
      seen.add(locked.row.id);
      if (payment.state === 'CAPTURED') {
        done.add(job.id);
        continue;
      }
      if (locked.row.state === 'CREATED' || !allowed(locked, payment)) continue;
      settling.push({ jobId: job.id, locked, payment });
    }
    return { done, settling };
  }

  /** Whether both machines allow the settlement (else it runs alone, as it always did). */
  function allowed(locked: LockedTransfer, payment: PaymentRow): boolean {
    if (!deps.payments.batches.allows(payment, 'CAPTURED', 'captured')) return false;
    try {
      transition(locked.history, {
        to: 'PAYMENT-CLEARED',
        cause: 'payment-cleared',
        at: deps.clock.now(),
      });
      return true;
    } catch (error) {
      if (error instanceof IllegalTransitionError) return false;
      throw error;
    }
  }

  async function settle(tx: Tx, settling: readonly Settling[]): Promise<void> {
    if (settling.length === 0) return;
    // The customers' addresses and languages and the transfers' recipients, one read each.
    const locales = await knowFacts(
      deps,
      tx,
      settling.map(({ locked }) => locked),
      { recipients: true },
    );
    await deps.payments.batches.transitionMany(
      tx,
      settling.map(({ payment }, index) => ({
        locked: payment,
        to: 'CAPTURED',
        cause: 'captured',
        locale: locales[index] as Locale,
      })),
    );
    const changed = await deps.transitionMany(
      tx,
      settling.map(({ locked }) => ({
        locked,
        change: {
          transactionId: locked.row.id,
          to: 'PAYMENT-CLEARED' as const,
          cause: 'payment-cleared' as const,
        },
      })),
    );
    await applyLedgerRounds(
      deps.ledger,
      tx,
      changed.map(({ transaction }) => ({
        customerId: transaction.customer_id,
        operations: paymentClearedEntries(figuresOf(transaction)),
      })),
    );
    // Each cancellation window's end, as the single path schedules it (decision 48).
    await windowClosing.scheduleMany(
      tx,
      changed.map(({ transaction }) => transaction),
    );
    // Converted or held at once, in this transaction (decision 71); a transfer whose move is
    // refused goes on through the advance from PAYMENT-CLEARED, alone, as before.
    const moved = await clearMany(
      tx,
      settling.map(({ locked }) => locked),
    );
    const now = deps.clock.now();
    const left = changed.filter(({ transaction }) => !moved.has(transaction.id));
    await deps.jobs.sendMany(
      advanceTransferJob,
      left.map(({ transaction }) => ({
        data: { transaction_id: transaction.id, from: 'PAYMENT-CLEARED' as const },
        options: { runAt: now, singletonKey: `${transaction.id}:PAYMENT-CLEARED` },
      })),
      tx,
    );
    if (left.length > 0) deps.uow.afterCommit(tx, async () => deps.jobs.kick());
    for (const { locked, payment } of settling) {
      deps.log.info(
        { transactionId: locked.row.id, paymentId: payment.id, cause: 'sandbox-bank' },
        'bank transfer settled',
      );
    }
  }

  return async function settleMany(jobs: readonly SettleJob[]): Promise<Set<string>> {
    // The settlement's loop does not wait for the delivery of the batch's events and emails
    // (docs/decisions/0067-settlement-leaves-delivery-to-the-outbox.md).
    return deps.uow.runLeavingDelivery((tx) =>
      deps.outbox.gather(tx, async () => {
        const { done, settling } = await decide(tx, jobs);
        await settle(tx, settling);
        for (const { jobId } of settling) done.add(jobId);
        return done;
      }),
    );
  };
}

export type SettleMany = ReturnType<typeof createSettlementBatch>;
