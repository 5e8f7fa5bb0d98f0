import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { defineJob, type Jobs, type JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import { createAggregateDrain, type DispatchResult } from './outbox-delivery.ts';
import type { OutboxHandler, OutboxMessageInput } from './outbox-message.ts';
import { outboxRepository as repository } from './outbox.repository.ts';

export type { DispatchResult } from './outbox-delivery.ts';
export type { OutboxHandler, OutboxMessage, OutboxMessageInput } from './outbox-message.ts';

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

/**
 * The transactional outbox (docs/architecture.md#rules-of-the-code): use cases add messages in their transaction; after the
 * commit a job delivers them through the handler of their kind, at least once, in order within
 * each aggregate. The dispatch job is 'stately' (one waiting, one running, across every
 * process), so two dispatchers never deliver the same aggregate at once and kicks collapse.
 * A failing message waits with backoff and holds back only its own aggregate.
 */
export function createOutbox(options: CreateOutboxOptions): Outbox {
  const { db, jobs, clock, random, log } = options;
  const batchSize = options.batchSize ?? 25;
  const passBudgetMs = options.passBudgetMs ?? 30_000;
  const handlers = new Map<string, OutboxHandler>();

  const drain = createAggregateDrain({
    db,
    clock,
    log,
    handlerOf: (kind) => handlers.get(kind),
    maxAttempts: options.maxAttempts ?? 12,
    retryBaseMs: options.retryBaseMs ?? 1000,
    retryMaxMs: options.retryMaxMs ?? 15 * 60_000,
  });

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
