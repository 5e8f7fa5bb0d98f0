import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/schema.ts';
import { defineJob, type Jobs, type JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import { outboxRepository as repository, type OutboxRow } from './outbox.repository.ts';

/** What a use case hands the outbox: one side effect of one aggregate. */
export interface OutboxMessageInput {
  /** The thing the effect is about ('customer', 'transaction', …): order holds within one. */
  aggregateType: string;
  aggregateId: string;
  /** Which handler delivers it ('mail', 'realtime', …). */
  kind: string;
  payload: JsonObject;
}

/** A message as its handler gets it. */
export interface OutboxMessage extends OutboxMessageInput {
  /** Unique and stable across deliveries: what a consumer de-duplicates on. */
  id: string;
  sequence: number;
  createdAt: Date;
  /** Failed deliveries so far. */
  attempts: number;
}

/**
 * Delivers one message. It may be called more than once for the same message (at least once: a
 * crash after delivering and before recording it), so it must tolerate repeats by `id`. A throw
 * is a failed attempt: the message is retried later, and its aggregate's later messages wait.
 */
export type OutboxHandler = (message: OutboxMessage) => Promise<void>;

export interface DispatchResult {
  delivered: number;
  failed: number;
}

export interface Outbox {
  /** Writes a message in the use case's transaction; returns its id. */
  add(executor: Executor, message: OutboxMessageInput): Promise<string>;
  /** The handler of one kind; before the jobs start. */
  handle(kind: string, handler: OutboxHandler): void;
  /** Dispatch soon (call after the commit that added messages); never throws. */
  kick(): void;
  /** One dispatch pass in this process: what the dispatch job runs (tests call it directly). */
  dispatch(): Promise<DispatchResult>;
  /** How many messages this process has added so far (see kick-after-responses.ts). */
  addedCount(): number;
}

export interface CreateOutboxOptions {
  db: Database;
  jobs: Jobs;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
  /** Attempts before a message is given up (failed_at) and its aggregate moves on (default 12). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 1 s) … */
  retryBaseMs?: number;
  /** … up to this (default 15 min: 12 attempts span about an hour and a half). */
  retryMaxMs?: number;
  /** A dispatch every so often finds what a lost kick left behind (default 10 s). */
  safetyNetMs?: number;
  /** Aggregates delivered to at once (default 25). */
  batchSize?: number;
  /** One dispatch pass hands over after this long and kicks the next (default 30 s). */
  passBudgetMs?: number;
}

export const dispatchOutboxJob = defineJob('outbox.dispatch');

const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  sequence: row.sequence,
  aggregateType: row.aggregate_type,
  aggregateId: row.aggregate_id,
  kind: row.kind,
  payload: row.payload,
  createdAt: row.created_at,
  attempts: row.attempts,
});

const describe = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2000);

/**
 * The transactional outbox (DESIGN §2): use cases add messages in their transaction; after the
 * commit a job delivers them through the handler of their kind, at least once, in order within
 * each aggregate. The dispatch job is 'stately' (one waiting, one running, across every
 * process), so two dispatchers never deliver the same aggregate at once and kicks collapse.
 * A failing message waits with backoff and holds back only its own aggregate.
 */
export function createOutbox(options: CreateOutboxOptions): Outbox {
  const { db, jobs, clock, random, log } = options;
  const maxAttempts = options.maxAttempts ?? 12;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 15 * 60_000;
  const batchSize = options.batchSize ?? 25;
  const passBudgetMs = options.passBudgetMs ?? 30_000;
  const handlers = new Map<string, OutboxHandler>();

  const retryDelay = (attempts: number) =>
    Math.min(retryBaseMs * 2 ** Math.min(attempts - 1, 30), retryMaxMs);

  /** Delivers one message and records the outcome; false when it failed. */
  const deliver = async (row: OutboxRow, result: DispatchResult): Promise<boolean> => {
    const details = {
      id: row.id,
      kind: row.kind,
      aggregate_type: row.aggregate_type,
      aggregate_id: row.aggregate_id,
    };
    try {
      const handler = handlers.get(row.kind);
      if (!handler) throw new Error(`no outbox handler for kind ${row.kind}`);
      await handler(toMessage(row));
    } catch (error) {
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
      return false;
    }
    await repository.markDispatched(db, row.id, clock.now());
    result.delivered += 1;
    return true;
  };

  /** Delivers an aggregate's messages in order, until one fails or none is due. */
  const drain = async (head: OutboxRow, result: DispatchResult): Promise<void> => {
    let row: OutboxRow | undefined = head;
    while (row && row.next_attempt_at.getTime() <= clock.now().getTime()) {
      if (!(await deliver(row, result))) return;
      row = await repository.headOf(db, head.aggregate_type, head.aggregate_id);
    }
  };

  const kick = (): void => {
    jobs
      .send(dispatchOutboxJob, {})
      .catch((error: unknown) =>
        log.error({ err: error, event: 'outbox.kick_failed' }, 'could not start a dispatch'),
      );
  };

  const dispatchPass = async (): Promise<DispatchResult> => {
    const result: DispatchResult = { delivered: 0, failed: 0 };
    // A real-time budget for one pass, not domain time.
    const deadline = performance.now() + passBudgetMs;
    for (;;) {
      const heads = await repository.dueHeads(db, clock.now(), batchSize);
      if (heads.length === 0) break;
      await Promise.all(heads.map((head) => drain(head, result)));
      if (performance.now() > deadline) {
        kick();
        break;
      }
    }
    // Wake up for the earliest retry (on the injected clock; the periodic dispatch is the floor).
    const retryAt = await repository.nextRetryAt(db, clock.now());
    if (retryAt) await jobs.send(dispatchOutboxJob, {}, { runAt: retryAt, singletonKey: 'retry' });
    return result;
  };

  // Passes in this process never overlap (the job's and those right after a commit, see
  // lib/unit-of-work.ts), so one message is not handed to its handler twice at once.
  let passes: Promise<unknown> = Promise.resolve();
  const dispatch = (): Promise<DispatchResult> => {
    const pass = passes.then(dispatchPass, dispatchPass);
    passes = pass.catch(() => undefined);
    return pass;
  };

  jobs.register(
    dispatchOutboxJob,
    async () => {
      await dispatch();
    },
    {
      policy: 'stately',
      every: { ms: options.safetyNetMs ?? 10_000, firstRunAtStart: true },
      pollingIntervalSeconds: 1,
      retryDelaySeconds: 1,
    },
  );

  let added = 0;
  return {
    async add(executor, message) {
      const id = random.uuid();
      await repository.insert(executor, { ...message, id, createdAt: clock.now() });
      added += 1;
      return id;
    },
    addedCount: () => added,
    handle(kind, handler) {
      if (handlers.has(kind)) throw new Error(`outbox kind ${kind} has a handler already`);
      handlers.set(kind, handler);
    },
    kick,
    dispatch,
  };
}
