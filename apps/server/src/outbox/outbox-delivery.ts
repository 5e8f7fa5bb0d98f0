import type { Database } from '../db/database.ts';
import type { JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
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
  /** Attempts before a message is given up (failed_at) and its aggregate moves on. */
  maxAttempts: number;
  /** The first retry waits this long, each next one twice as long … */
  retryBaseMs: number;
  /** … up to this. */
  retryMaxMs: number;
}

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/**
 * Returns `drain`: delivers an aggregate's due messages in order, from its head, until one fails
 * (it is recorded with its retry time, or given up) or none is due; tallied in `result`.
 */
export function createAggregateDrain(
  options: OutboxDeliveryOptions,
): (head: OutboxRow, result: DispatchResult) => Promise<void> {
  const { db, clock, log, handlerOf, maxAttempts, retryBaseMs, retryMaxMs } = options;

  const retryDelay = (attempts: number) =>
    Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 30), retryMaxMs);

  const recordFailure = async (
    row: OutboxRow,
    error: unknown,
    result: DispatchResult,
  ): Promise<void> => {
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
    result.failed += 1;
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
  };

  /** Delivers one message and records the outcome; false when it failed. */
  const deliver = async (row: OutboxRow, result: DispatchResult): Promise<boolean> => {
    try {
      const handler = handlerOf(row.kind);
      if (!handler) throw new Error(`no outbox handler for kind ${row.kind}`);
      await handler(toMessage(row));
    } catch (error) {
      await recordFailure(row, error, result);
      return false;
    }
    await repository.markDispatched(db, row.id, clock.now());
    result.delivered += 1;
    return true;
  };

  return async function drain(head: OutboxRow, result: DispatchResult): Promise<void> {
    let row: OutboxRow | undefined = head;
    while (row && row.next_attempt_at.getTime() <= clock.now().getTime()) {
      if (!(await deliver(row, result))) return;
      row = await repository.headOf(db, head.aggregate_type, head.aggregate_id);
    }
  };
}
