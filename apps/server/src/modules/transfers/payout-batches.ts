import type { Tx } from '../../db/executor.ts';
import type { TransferPayoutRow } from '../payouts/index.ts';
import { lockTransfer, type FlowDeps } from './flow-deps.ts';
import type { LockedTransfer, PayoutRecipient } from './locked-transfer.ts';
import type { TransactionRow } from './transfers.repository.ts';

/**
 * What the batched hand-over and poll share (submit-batch.ts, poll-batch.ts;
 * docs/decisions/0043-batched-steps.md): the batch's reads before the partner is asked, the
 * partner's calls side by side, and the write of each answer alone when the batch's write fails.
 */

/**
 * The partner's calls a batch makes at once. A fetch of 50 asks in two waves: with a call of a
 * few seconds at most, the batch (two waves, then one transaction) stays within the flow jobs'
 * expiry (money-flow.ts).
 */
export const PARTNER_CALLS_SIDE_BY_SIDE = 25;

/** A payout job as a batch takes it: the pg-boss job's id and the transfer it names. */
export interface PayoutJob {
  id: string;
  transactionId: string;
}

/** The first job of each transfer, in order: a second job of one transfer runs alone, after. */
export function firstOfEach<J extends PayoutJob>(jobs: readonly J[]): J[] {
  const first = new Map<string, J>();
  for (const job of jobs) if (!first.has(job.transactionId)) first.set(job.transactionId, job);
  return [...first.values()];
}

/** Runs `work` on every item, at most `limit` at a time; the results in order. */
export async function sideBySide<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  const lanes = items.length < limit ? items.length : limit;
  await Promise.all(Array.from({ length: lanes > 0 ? lanes : 1 }, lane));
  return results;
}

/** A transfer as read before the partner is asked: its payout and recipient, if any. */
export interface SeenTransfer {
  row: TransactionRow;
  payout: TransferPayoutRow | undefined;
  recipient: PayoutRecipient;
}

/**
 * The batch's transfers with their payouts and recipients, outside any transaction (as alone:
 * the write after the partner's answers locks and checks again), in three statements.
 */
export async function lookUpMany(
  deps: FlowDeps,
  transactionIds: readonly string[],
): Promise<Map<string, SeenTransfer>> {
  const rows = await deps.transfers.byIds(deps.db, transactionIds);
  if (rows.size === 0) return new Map();
  const payouts = await deps.payouts.ofMany(deps.db, [...rows.keys()]);
  const recipients = await deps.recipients.payoutDetailsMany(
    deps.db,
    [...rows.values()].map((row) => ({
      customerId: row.customer_id,
      recipientId: row.recipient_id,
    })),
  );
  return new Map(
    [...rows.values()].map((row) => [
      row.id,
      { row, payout: payouts.get(row.id), recipient: recipients.get(row.recipient_id) ?? null },
    ]),
  );
}

/**
 * After the batch's write failed (rolled back whole): each answer written alone, in its own
 * transaction, through the single path's writer (`write`), so the partner is not asked again.
 * Answers the jobs written; a job whose write fails again runs alone through its use case.
 */
export async function writeOneByOne<A extends { job: PayoutJob }>(
  deps: FlowDeps,
  answered: readonly A[],
  write: (
    tx: Tx,
    locked: LockedTransfer,
    payout: TransferPayoutRow | undefined,
    one: A,
  ) => Promise<void>,
): Promise<Set<string>> {
  const done = new Set<string>();
  for (const one of answered) {
    try {
      await deps.uow.run(async (tx) => {
        const locked = await lockTransfer(deps, tx, one.job.transactionId);
        const payout = await deps.payouts.lock(tx, one.job.transactionId);
        await write(tx, locked, payout, one);
      });
      done.add(one.job.id);
    } catch (error) {
      deps.log.warn(
        { err: error, transactionId: one.job.transactionId },
        'a payout answer could not be written: its job runs alone',
      );
    }
  }
  return done;
}

/** The parts of a batched payout step: `runPayoutBatch` puts them together. */
export interface PayoutBatchSteps<J extends PayoutJob, A extends { job: PayoutJob }> {
  /** Reads and asks the partner, outside any transaction: the jobs already done, and answers. */
  ask(jobs: readonly J[]): Promise<{ done: Set<string>; answered: A[] }>;
  /** Writes every answer in the batch's one transaction; answers the jobs written. */
  write(tx: Tx, answered: A[]): Promise<Set<string>>;
  /** Writes one answer through the single path's writer (`writeOneByOne`). */
  writeOne(
    tx: Tx,
    locked: LockedTransfer,
    payout: TransferPayoutRow | undefined,
    one: A,
  ): Promise<void>;
  /** The log's event when the batch's write fails, e.g. `transfers.poll_batch_failed`. */
  failedEvent: string;
  /** What failed, for the log: "a batch of payout polls failed". */
  failedWhat: string;
}

/**
 * A batched payout step: asks, then writes every answer in one transaction (with the events it
 * gathers), and when that fails, each answer alone. Answers the jobs done.
 */
export function runPayoutBatch<J extends PayoutJob, A extends { job: PayoutJob }>(
  deps: FlowDeps,
  steps: PayoutBatchSteps<J, A>,
): (jobs: readonly J[]) => Promise<Set<string>> {
  return async (jobs) => {
    const { done, answered } = await steps.ask(jobs);
    if (answered.length === 0) return done;
    let written: Set<string>;
    try {
      written = await deps.uow.run((tx) => deps.outbox.gather(tx, () => steps.write(tx, answered)));
    } catch (error) {
      deps.log.warn(
        { err: error, event: steps.failedEvent, jobs: answered.length },
        `${steps.failedWhat}: each answer is written alone`,
      );
      written = await writeOneByOne(deps, answered, steps.writeOne);
    }
    for (const id of written) done.add(id);
    return done;
  };
}
