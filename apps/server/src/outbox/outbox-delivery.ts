import type { Database } from '../db/database.ts';
import type { JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import { openBundle, type OutboxBundleHandler } from './outbox-bundles.ts';
import { toMessage, type OutboxHandler } from './outbox-message.ts';
import { outboxRepository as repository, type OutboxRow } from './outbox.repository.ts';

export interface DispatchResult {
  delivered: number;
  failed: number;
}

export interface OutboxDeliveryOptions {
  db: Database;
  clock: Clock;
  log: JobsLog;
  /** The handler of a message's kind, if there is one. */
  handlerOf: (kind: string) => OutboxHandler | undefined;
  /** For a bundled kind or its bundles' kind (outbox-bundles.ts): that kind and its bundle handler. */
  bundlerOf: (kind: string) => { kind: string; deliver: OutboxBundleHandler } | undefined;
  /** Attempts before a message is given up (failed_at) and its aggregate moves on. */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long … */
  retryBaseMs: number;
  /** … up to this. */
  retryMaxMs: number;
  /** Aggregates delivered to side by side. */
  concurrency: number;
}

/** What one round did: the messages its handlers took (recorded by the caller) and the failures. */
export interface RoundOutcome {
  deliveredIds: string[];
  failed: number;
  /** A failure that could not be recorded (the database): the caller throws it once it has recorded the delivered ones. */
  error?: unknown;
}

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/** The round's rows as one run per aggregate, each in sequence order (the rows come so). */
function runsByAggregate(rows: readonly OutboxRow[]): OutboxRow[][] {
  const runs = new Map<string, OutboxRow[]>();
  for (const row of rows) {
    const key = JSON.stringify([row.aggregate_type, row.aggregate_id]);
    const run = runs.get(key);
    if (run) run.push(row);
    else runs.set(key, [row]);
  }
  return [...runs.values()];
}

/**
 * Returns `deliverRound`: hands a round's messages to their handlers, each aggregate's run in
 * order and up to `concurrency` aggregates side by side. A failure is recorded at once: with its
 * retry time it stops its aggregate's run (the rest stays undelivered behind it); given up, the
 * run goes on. The delivered ones are only answered; the caller records them all in one statement.
 * No message is started once the round's claim (`claimedUntil`) has run out.
 */
export function createRoundDelivery(
  options: OutboxDeliveryOptions,
): (rows: readonly OutboxRow[], claimedUntil: Date) => Promise<RoundOutcome> {
  const { db, clock, log, handlerOf, bundlerOf, maxAttempts, retryBaseMs, retryMaxMs } = options;
  const { concurrency } = options;

  const retryDelay = (attempts: number) =>
    Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 30), retryMaxMs);

  /** Records a failed attempt; true when it was the last (the message is given up). */
  const recordFailure = async (row: OutboxRow, error: unknown): Promise<boolean> => {
    const details = {
      id: row.id,
      kind: row.kind,
      aggregate_type: row.aggregate_type,
      aggregate_id: row.aggregate_id,
    };
    const now = clock.now();
    const attempts = row.attempts + 1;
    const givenUp = attempts >= maxAttempts;
    await repository.markFailed(db, row.id, {
      attempts,
      lastError: describe(error),
      nextAttemptAt: new Date(now.getTime() + retryDelay(attempts)),
      failedAt: givenUp ? now : null,
    });
    if (givenUp) {
      log.error(
        { err: error, event: 'outbox.given_up', message: details, attempts },
        'outbox message given up after its last attempt',
      );
    } else {
      log.warn(
        { err: error, event: 'outbox.retry', message: details, attempts },
        'outbox message failed; it will be retried',
      );
    }
    return givenUp;
  };

  return async function deliverRound(rows, claimedUntil) {
    const outcome: RoundOutcome = { deliveredIds: [], failed: 0 };
    const queue = runsByAggregate(rows);

    /**
     * An aggregate's consecutive rows of one bundled kind from `run[start]`, when two or more,
     * in ONE call of its bundle handler (one bus message for a run of realtime bundles, decision
     * 68): how many it delivered (0: fewer than two), or 'failed' (each then goes alone, so each
     * failure is recorded as its own).
     */
    const deliverTogether = async (
      run: readonly OutboxRow[],
      start: number,
    ): Promise<number | 'failed'> => {
      const bundler = bundlerOf((run[start] as OutboxRow).kind);
      if (!bundler) return 0;
      let end = start + 1;
      while (end < run.length && bundlerOf((run[end] as OutboxRow).kind)?.kind === bundler.kind) {
        end += 1;
      }
      if (end - start < 2) return 0;
      const rows = run.slice(start, end);
      try {
        await bundler.deliver(rows.flatMap((row) => openBundle(toMessage(row), bundler.kind)));
      } catch {
        return 'failed';
      }
      outcome.deliveredIds.push(...rows.map((row) => row.id));
      return rows.length;
    };

    const deliverRun = async (run: readonly OutboxRow[]): Promise<void> => {
      // Once a call together failed, the run's rows go alone.
      let together = true;
      for (let index = 0; index < run.length; index += 1) {
        // Past the round's claim another process may hold these messages: leave them to it.
        if (clock.now().getTime() >= claimedUntil.getTime()) return;
        if (together) {
          const delivered = await deliverTogether(run, index);
          if (delivered === 'failed') together = false;
          else if (delivered > 0) {
            index += delivered - 1;
            continue;
          }
        }
        const row = run[index] as OutboxRow;
        try {
          const handler = handlerOf(row.kind);
          if (!handler) throw new Error(`no outbox handler for kind ${row.kind}`);
          await handler(toMessage(row));
        } catch (error) {
          const givenUp = await recordFailure(row, error);
          outcome.failed += 1;
          // A message given up no longer holds its aggregate back: the run goes on behind it.
          if (givenUp) continue;
          return;
        }
        outcome.deliveredIds.push(row.id);
      }
    };

    // A few lanes take the runs in turn, so at most `concurrency` aggregates are delivered at once.
    const lane = async (): Promise<void> => {
      for (let run = queue.shift(); run; run = queue.shift()) await deliverRun(run);
    };
    // Every lane ends before the round does (no delivery outlives its pass), even when one throws.
    const lanes = await Promise.allSettled(
      Array.from({ length: Math.min(concurrency, queue.length) }, lane),
    );
    const thrown = lanes.find((settled) => settled.status === 'rejected');
    if (thrown) outcome.error = thrown.reason;
    return outcome;
  };
}
