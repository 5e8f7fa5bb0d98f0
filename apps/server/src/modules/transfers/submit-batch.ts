import type { Tx } from '../../db/executor.ts';
import type { PartnerReceipt, TransferPayoutRow } from '../payouts/index.ts';
import type { FlowDeps } from './flow-deps.ts';
import { pollPayoutJob } from './flow-jobs.ts';
import {
  firstOfEach,
  lookUpMany,
  PARTNER_CALLS_SIDE_BY_SIDE,
  sideBySide,
  runPayoutBatch,
  type PayoutJob,
} from './payout-batches.ts';
import { submissionDue, type Payee, type PayoutPolling } from './payout-polling.ts';

/** A hand-over job as the batch takes it. */
export interface SubmitJob extends PayoutJob {
  attempt: number;
}

interface Answered {
  job: SubmitJob;
  payee: Payee;
  receipt: PartnerReceipt;
}

/**
 * The hand-over jobs of a fetch as one batch (docs/decisions/0043-batched-steps.md), as
 * `submit` (payout-polling.ts) hands each over: the transfers, payouts and recipients read in
 * three statements; the partner asked for each due payout OUTSIDE any transaction, side by side
 * (PARTNER_CALLS_SIDE_BY_SIDE), by the payout's id and attempt (a partner answers a repeated
 * hand-over as the first); then ONE transaction: the transfers and payouts locked (one statement
 * each, id order) and checked again, the accepted payouts written in one statement and their
 * first polls sent in one, a refusal written as alone (PAYOUT-FAILED and the refund: rare). A
 * job found not due is done (alone it does nothing). If that transaction fails, each answer is
 * written alone with the answer in hand, so the partner is asked once. What runs alone, through
 * `submit`: a transfer missing, its recipient missing, a second job of one transfer, a
 * partner's call that threw (the job's retry asks again), an answer whose write failed twice.
 */
export function createSubmitBatch(deps: FlowDeps, polling: PayoutPolling) {
  /** The due payouts' answers from the partner, and the jobs done as they stand. */
  async function ask(jobs: readonly SubmitJob[]) {
    const done = new Set<string>();
    const first = firstOfEach(jobs);
    const seen = await lookUpMany(
      deps,
      first.map((job) => job.transactionId),
    );
    const asking: { job: SubmitJob; payee: Payee; payout: TransferPayoutRow }[] = [];
    for (const job of first) {
      const found = seen.get(job.transactionId);
      if (!found) continue;
      if (!submissionDue(found.row, found.payout, job.attempt)) {
        done.add(job.id);
        continue;
      }
      if (!found.recipient) continue;
      asking.push({
        job,
        payee: { row: found.row, recipient: found.recipient },
        payout: found.payout,
      });
    }
    const answers = await sideBySide(asking, PARTNER_CALLS_SIDE_BY_SIDE, async (one) => {
      try {
        const receipt = await deps.partner.submit(await polling.requestOf(one.payee, one.payout));
        return { job: one.job, payee: one.payee, receipt };
      } catch (error) {
        deps.log.warn(
          { err: error, transactionId: one.job.transactionId },
          'the payout partner did not answer a hand-over: its job runs alone',
        );
        return null;
      }
    });
    return { done, answered: answers.filter((one): one is Answered => one !== null) };
  }

  /** The answers in the batch's transaction: the jobs written (a transfer missing is not). */
  async function write(tx: Tx, answered: readonly Answered[]): Promise<Set<string>> {
    const ids = answered.map(({ job }) => job.transactionId);
    const held = await deps.transfers.lockManyWithHistory(tx, ids);
    const payouts = await deps.payouts.lockMany(tx, ids);
    const now = deps.clock.now();
    const written = new Set<string>();
    const accepted: {
      payout: TransferPayoutRow;
      receipt: Extract<PartnerReceipt, { outcome: 'accepted' }>;
    }[] = [];
    for (const { job, payee, receipt } of answered) {
      const locked = held.get(job.transactionId);
      if (!locked) continue;
      written.add(job.id);
      const payout = payouts.get(job.transactionId);
      // Moved on meanwhile (an operator, a job run twice): nothing, as alone.
      if (!submissionDue(locked.row, payout, job.attempt)) continue;
      if (receipt.outcome === 'refused') {
        await polling.recordReceipt(tx, locked, payout, job.attempt, receipt, payee);
        continue;
      }
      accepted.push({ payout, receipt });
    }
    await deps.payouts.updateMany(
      tx,
      accepted.map(({ payout, receipt }) => ({
        id: payout.id,
        changes: {
          state: 'accepted' as const,
          partner_reference: receipt.reference,
          collection_pin: receipt.collectionPin,
          sent_at: receipt.acceptedAt,
        },
      })),
      now,
    );
    await deps.jobs.sendMany(
      pollPayoutJob,
      accepted.map(({ payout, receipt }) => ({
        data: { transaction_id: payout.transaction_id },
        options: { runAt: receipt.checkAgainAt ?? now, singletonKey: payout.transaction_id },
      })),
      tx,
    );
    if (accepted.length > 0) deps.uow.afterCommit(tx, async () => deps.jobs.kick());
    return written;
  }

  return runPayoutBatch(deps, {
    ask,
    write,
    writeOne: (tx, locked, payout, one) =>
      polling.recordReceipt(tx, locked, payout, one.job.attempt, one.receipt, one.payee),
    failedEvent: 'transfers.submit_batch_failed',
    failedWhat: 'a batch of payout hand-overs failed',
  });
}

export type SubmitMany = ReturnType<typeof createSubmitBatch>;
