import type { Database } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { defineJob, type Jobs, type JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import {
  BUNDLE_SUFFIX,
  bundleHandler,
  bundleKindOf,
  bundleRows,
  type OutboxBundleHandler,
} from './outbox-bundles.ts';
import { createRoundDelivery, type DispatchResult } from './outbox-delivery.ts';
import type { OutboxHandler, OutboxMessageInput } from './outbox-message.ts';
import { outboxRepository as repository, type NewOutboxRow } from './outbox.repository.ts';

export type { OutboxBundleHandler } from './outbox-bundles.ts';
export type { DispatchResult } from './outbox-delivery.ts';
export type { OutboxHandler, OutboxMessage, OutboxMessageInput } from './outbox-message.ts';

export interface Outbox {
  /** Writes a message in the use case's transaction; returns its id. */
  add(executor: Executor, message: OutboxMessageInput): Promise<string>;
  /**
   * Runs `work` with the messages it adds with `executor` gathered, and writes them in ONE
   * statement when it ends, in the order they were added (a batched step's events and emails,
   * decision 43). Nothing is written if `work` throws. An aggregate's messages of a kind handled
   * with `bundle` are written as one row (outbox-bundles.ts, decision 68).
   */
  gather<T>(executor: Executor, work: () => Promise<T>): Promise<T>;
  /**
   * The handler of one kind; before the jobs start. With `bundle`, a gathered use case's
   * messages of this kind to one aggregate travel as one row, delivered in order by `bundle`.
   */
  handle(kind: string, handler: OutboxHandler, options?: { bundle?: OutboxBundleHandler }): void;
  /** Dispatch soon (call after the commit that added messages); never throws. */
  kick(): void;
  /**
   * One dispatch pass in this process: what the dispatch job runs (tests call it directly). Called
   * while a pass runs, it joins the pass that waits to start next and answers that pass's result.
   */
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
  /** Messages one round reads and records at most (default 100). */
  roundSize?: number;
  /** One dispatch pass hands over after this long and kicks the next (default 30 s). */
  passBudgetMs?: number;
  /**
   * How long a round's claim on its messages holds off other processes (default 60 s, on the
   * injected clock like the retries): a crashed process's claims are taken over after it.
   */
  claimLeaseMs?: number;
}

export const dispatchOutboxJob = defineJob('outbox.dispatch');

interface WaitingPass {
  promise: Promise<DispatchResult>;
  start: (pass: Promise<DispatchResult>) => void;
  checkRetries: boolean;
}

/**
 * The transactional outbox (docs/architecture.md#the-outbox): use cases add messages in their
 * transaction; after the commit a job delivers them through the handler of their kind, at least
 * once, in order within each aggregate. A pass works in rounds: one statement claims up to
 * `roundSize` due messages (runs from the heads of many aggregates) for `claimLeaseMs`, the
 * handlers take each aggregate's run in order (`batchSize` aggregates side by side), and one
 * statement records every delivered message and ends the claim. Passes run in every process
 * (after each commit, and the 'stately' job in one of them); the claim is what keeps two
 * processes from handing the same message, or two messages of one aggregate, to handlers at
 * once (decision 42). A failing message waits with backoff and holds back only its own aggregate.
 */
export function createOutbox(options: CreateOutboxOptions): Outbox {
  const { db, jobs, clock, random, log } = options;
  const roundSize = options.roundSize ?? 100;
  const passBudgetMs = options.passBudgetMs ?? 30_000;
  const claimLeaseMs = options.claimLeaseMs ?? 60_000;
  const handlers = new Map<string, OutboxHandler>();
  /** The bundled kinds (their gathered messages bundled per aggregate) and their bundle handlers. */
  const bundlers = new Map<string, OutboxBundleHandler>();

  const deliverRound = createRoundDelivery({
    db,
    clock,
    log,
    handlerOf: (kind) => handlers.get(kind),
    bundlerOf: (kind) => {
      const inner = kind.endsWith(BUNDLE_SUFFIX) ? kind.slice(0, -BUNDLE_SUFFIX.length) : kind;
      const deliver = bundlers.get(inner);
      return deliver ? { kind: inner, deliver } : undefined;
    },
    maxAttempts: options.maxAttempts ?? 12,
    retryBaseMs: options.retryBaseMs ?? 1000,
    retryMaxMs: options.retryMaxMs ?? 15 * 60_000,
    concurrency: options.batchSize ?? 25,
  });

  const kick = (): void => {
    jobs
      .send(dispatchOutboxJob, {})
      .catch((error: unknown) =>
        log.error({ err: error, event: 'outbox.kick_failed' }, 'could not start a dispatch'),
      );
  };

  /**
   * `checkRetries`: look for the earliest waiting retry and have the job wake for it. A pass that
   * recorded a failure always does; of the others only the job's (a retry's, the periodic one's)
   * need to, so the passes after each commit cost no statement for it.
   */
  const dispatchPass = async (checkRetries: boolean): Promise<DispatchResult> => {
    const result: DispatchResult = { delivered: 0, failed: 0 };
    // A real-time budget for one pass, not domain time.
    const deadline = performance.now() + passBudgetMs;
    for (;;) {
      const now = clock.now();
      const leaseUntil = new Date(now.getTime() + claimLeaseMs);
      const rows = await repository.claimDue(db, now, roundSize, leaseUntil);
      if (rows.length === 0) break;
      const outcome = await deliverRound(rows, leaseUntil);
      const ids = rows.map((row) => row.id);
      await repository.recordRound(
        db,
        { ids, deliveredIds: outcome.deliveredIds, leaseUntil },
        clock.now(),
      );
      result.delivered += outcome.deliveredIds.length;
      result.failed += outcome.failed;
      if (outcome.error !== undefined) throw outcome.error;
      // A round short of full took every message due when it read them; later commits dispatch.
      if (rows.length < roundSize) break;
      if (performance.now() > deadline) {
        kick();
        break;
      }
    }
    if (checkRetries || result.failed > 0) {
      // Wake up for the earliest retry (on the injected clock; the periodic dispatch is the floor).
      const retryAt = await repository.nextRetryAt(db, clock.now());
      if (retryAt) {
        await jobs.send(dispatchOutboxJob, {}, { runAt: retryAt, singletonKey: 'retry' });
      }
    }
    return result;
  };

  // Passes in this process never overlap (the job's and those right after a commit, see
  // lib/unit-of-work.ts); across processes the claims keep them apart. While one
  // runs, the calls join one waiting pass: it starts after every one of their commits, so it
  // reads what they added, and a burst of commits costs one pass, not one each.
  let running = false;
  let waiting: WaitingPass | undefined;
  const startPass = (checkRetries: boolean): Promise<DispatchResult> => {
    running = true;
    const pass = dispatchPass(checkRetries);
    const next = (): void => {
      running = false;
      const queued = waiting;
      waiting = undefined;
      if (queued) queued.start(startPass(queued.checkRetries));
    };
    void pass.then(next, next);
    return pass;
  };
  const dispatch = (checkRetries: boolean): Promise<DispatchResult> => {
    if (!running) return startPass(checkRetries);
    if (waiting) {
      waiting.checkRetries ||= checkRetries;
      return waiting.promise;
    }
    let start: WaitingPass['start'] = () => undefined;
    const promise = new Promise<DispatchResult>((resolve) => {
      start = resolve;
    });
    waiting = { promise, start, checkRetries };
    return promise;
  };

  jobs.register(
    dispatchOutboxJob,
    async () => {
      await dispatch(true);
    },
    {
      policy: 'stately',
      every: { ms: options.safetyNetMs ?? 10_000, firstRunAtStart: true },
      pollingIntervalSeconds: 1,
      retryDelaySeconds: 1,
    },
  );

  let added = 0;
  /** The messages gathered per executor while a `gather` runs on it. */
  const gathering = new WeakMap<Executor, NewOutboxRow[]>();
  return {
    async add(executor, message) {
      const id = random.uuid();
      const row = { ...message, id, createdAt: clock.now() };
      const gathered = gathering.get(executor);
      if (gathered) {
        gathered.push(row);
        return id;
      }
      await repository.insert(executor, row);
      added += 1;
      return id;
    },
    async gather(executor, work) {
      if (gathering.has(executor)) return work();
      const gathered: NewOutboxRow[] = [];
      gathering.set(executor, gathered);
      try {
        const result = await work();
        await repository.insertMany(executor, bundleRows(gathered, bundlers));
        added += gathered.length;
        return result;
      } finally {
        gathering.delete(executor);
      }
    },
    addedCount: () => added,
    handle(kind, handler, options) {
      if (handlers.has(kind)) throw new Error(`outbox kind ${kind} has a handler already`);
      handlers.set(kind, handler);
      if (options?.bundle) {
        bundlers.set(kind, options.bundle);
        handlers.set(bundleKindOf(kind), bundleHandler(kind, options.bundle));
      }
    },
    kick,
    dispatch: () => dispatch(false),
  };
}
