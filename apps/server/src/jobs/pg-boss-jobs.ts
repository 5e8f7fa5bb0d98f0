import type { Db, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/columns.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import { bundled } from './bundled-jobs.ts';
import { createJobWorkers } from './job-workers.ts';
import type { BatchJobHandler, JobHandler, JobType, Jobs, JobsLog, SendOptions } from './jobs.ts';
import { countPendingInQueue, startPgBoss, withExecutor } from './pg-boss-instance.ts';
import { createQueues, type Registration } from './pg-boss-queues.ts';
import { createScheduledJobsTicker } from './scheduled-jobs-ticker.ts';
import { scheduledJobsRepository as scheduled } from './scheduled-jobs.repository.ts';

export type { JobsLog } from './jobs.ts';

export interface CreateJobsOptions {
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
  /** How often a worker process ticks (default 1000 ms); 0: never by itself (tests tick). */
  tickIntervalMs?: number;
  /** How long stop() waits for running jobs before failing them back to the queue (default 10 s). */
  stopTimeoutMs?: number;
  /** Wraps pg-boss's own connection (tests count its statements). */
  wrapPgBossDb?: (db: Db) => Db;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Jobs on pg-boss (schema from the drizzle migrations: `migrate: false`, so a start creates
 * nothing). pg-boss decides when a job runs by the database's clock, the product by the injected
 * one: jobs for later wait in `scheduled_jobs` and `tick()` moves the due ones to pg-boss, which
 * runs them at once (scheduled-jobs-ticker.ts). The workers are in job-workers.ts.
 */
export function createJobs(options: CreateJobsOptions): Jobs {
  const { database, clock, random, log } = options;
  const { db } = database;
  const tickIntervalMs = options.tickIntervalMs ?? 1000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const registrations = new Map<string, Registration>();
  let boss: PgBoss | undefined;
  let working = false;
  let stopped = false;
  /** Sends under way (a kick's send has not reached the queue yet). */
  let sending = 0;
  /** Kinds sent due now in a transaction since the last kick: their workers wake after the commit. */
  const sentInTransaction = new Set<string>();
  /** A due job was written to `scheduled_jobs`, so the next kick ticks. */
  let dueRowWritten = false;

  const names = () => [...registrations.keys()];
  const activeBoss = () => (stopped ? undefined : boss);
  const workers = createJobWorkers({ db, clock, random, log });
  const ticker = createScheduledJobsTicker({
    db,
    clock,
    log,
    names,
    activeBoss,
    wake: workers.wake,
  });

  const sendNow = async <T extends JsonObject>(
    job: JobType<T>,
    data: T,
    sendOptions: SendOptions,
    executor: Executor | undefined,
  ): Promise<string | null> => {
    const now = clock.now();
    const runAt = sendOptions.runAt ?? now;
    const id = random.uuid();
    const immediate =
      !executor && sendOptions.singletonKey === undefined && runAt.getTime() <= now.getTime();
    const instance = activeBoss();
    if (immediate && instance) {
      const sent = await instance.send(job.name, data, { id });
      workers.wake(job.name);
      return sent;
    }
    const due = runAt.getTime() <= now.getTime();
    if (executor && due && instance) {
      return sendDueInTransaction(instance, job.name, { id, data }, sendOptions, executor);
    }
    const stored = await scheduled.insert(executor ?? db, {
      id,
      name: job.name,
      data,
      runAt,
      singletonKey: sendOptions.singletonKey ?? null,
      createdAt: now,
    });
    if (due) {
      dueRowWritten = true;
      if (!executor) ticker.kick();
    } else ticker.kickAt(runAt);
    return stored;
  };

  /**
   * A job due now, sent in the use case's transaction, goes straight into pg-boss's table in that
   * transaction (one statement, no hop through `scheduled_jobs`): it exists only if the
   * transaction commits. A job waiting in `scheduled_jobs` with the same singleton key absorbs it
   * and goes instead, at once, with its own id and data.
   */
  const sendDueInTransaction = async (
    instance: PgBoss,
    name: string,
    job: { id: string; data: JsonObject },
    sendOptions: SendOptions,
    executor: Executor,
  ): Promise<string | null> => {
    const waiting =
      sendOptions.singletonKey === undefined
        ? undefined
        : await scheduled.takeBySingletonKey(executor, name, sendOptions.singletonKey);
    const sent = waiting ? { id: waiting.id, data: waiting.data } : job;
    await instance.insert(name, [sent], withExecutor(executor));
    sentInTransaction.add(name);
    return waiting ? null : job.id;
  };

  /**
   * `sendMany`: the jobs due now go into pg-boss's table in the transaction (those whose singleton
   * key waits in `scheduled_jobs` go instead of them, as `send` does), the others into
   * `scheduled_jobs`, one statement each. Within one call a singleton key is sent once (the
   * earliest run time), as `send` twice would leave one waiting.
   */
  const sendManyNow = async (
    name: string,
    items: readonly { data: JsonObject; options: SendOptions }[],
    executor: Executor,
  ): Promise<void> => {
    const now = clock.now();
    const instance = activeBoss();
    const byKey = new Map<string, { data: JsonObject; runAt: Date; key: string | null }>();
    const unkeyed: { data: JsonObject; runAt: Date; key: string | null }[] = [];
    for (const { data, options: sendOptions } of items) {
      const one = { data, runAt: sendOptions.runAt ?? now, key: sendOptions.singletonKey ?? null };
      if (one.key === null) {
        unkeyed.push(one);
        continue;
      }
      const earlier = byKey.get(one.key);
      if (!earlier || one.runAt.getTime() < earlier.runAt.getTime()) byKey.set(one.key, one);
    }
    const all = [...unkeyed, ...byKey.values()].map((one) => ({ ...one, id: random.uuid() }));
    const isDue = (one: { runAt: Date }) => one.runAt.getTime() <= now.getTime();
    const due = instance ? all.filter(isDue) : [];
    const later = instance ? all.filter((one) => !isDue(one)) : all;
    if (instance && due.length > 0) {
      const keys = due.flatMap((one) => (one.key === null ? [] : [one.key]));
      const waiting = new Map(
        (await scheduled.takeBySingletonKeys(executor, name, keys)).map((row) => [
          row.singleton_key,
          row,
        ]),
      );
      const sent = due.map((one) => {
        const row = one.key === null ? undefined : waiting.get(one.key);
        return row ? { id: row.id, data: row.data } : { id: one.id, data: one.data };
      });
      await instance.insert(name, sent, withExecutor(executor));
      sentInTransaction.add(name);
    }
    if (later.length > 0) {
      await scheduled.insertMany(
        executor,
        later.map((one) => ({
          id: one.id,
          name,
          data: one.data,
          runAt: one.runAt,
          singletonKey: one.key,
          createdAt: now,
        })),
      );
      if (later.some(isDue)) dueRowWritten = true;
      const first = Math.min(...later.map((one) => one.runAt.getTime()));
      if (first > now.getTime()) ticker.kickAt(new Date(first));
    }
  };

  return {
    register(job, handler, registerOptions = {}) {
      if (boss) throw new Error(`register ${job.name} before the jobs start`);
      if (registrations.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      const { batch, ...queueOptions } = registerOptions;
      registrations.set(job.name, {
        name: job.name,
        handler: handler as JobHandler<JsonObject>,
        options: queueOptions,
        ...(batch ? { batch: batch as BatchJobHandler<JsonObject> } : {}),
      });
    },

    async sendMany(job, items, executor) {
      const registration = registrations.get(job.name);
      if (!registration) throw new Error(`job ${job.name} is not registered`);
      if (items.length === 0) return;
      sending += 1;
      try {
        await sendManyNow(job.name, registration.options.bundle ? bundled(items) : items, executor);
      } finally {
        sending -= 1;
      }
    },

    async unschedule(job, singletonKeys, executor) {
      await scheduled.removeBySingletonKeys(executor, job.name, singletonKeys);
    },

    async send<T extends JsonObject>(
      job: JobType<T>,
      data: T,
      sendOptions: SendOptions = {},
      executor?: Executor,
    ) {
      if (!registrations.has(job.name)) throw new Error(`job ${job.name} is not registered`);
      sending += 1;
      try {
        return await sendNow(job, data, sendOptions, executor);
      } finally {
        sending -= 1;
      }
    },

    async start({ work }) {
      if (boss || stopped) throw new Error('the jobs were already started');
      const instance = await startPgBoss(database, log, {
        supervise: work,
        wrapDb: options.wrapPgBossDb,
      });
      boss = instance;
      await createQueues(instance, registrations.values());
      if (!work) return;
      working = true;
      await workers.start(instance, registrations.values());
      await ticker.tick();
      ticker.startInterval(tickIntervalMs);
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      await ticker.stop();
      await boss?.stop({ graceful: true, timeout: stopTimeoutMs, close: false });
    },

    tick: ticker.tick,

    async superviseNow() {
      const instance = activeBoss();
      if (!instance) throw new Error('superviseNow() needs started jobs');
      await instance.supervise();
    },

    kick() {
      // A wake before the sending transaction commits finds nothing; a worker then finds the job
      // by its poll, or at once after a batch (a worker that found work looks again).
      for (const name of sentInTransaction) workers.wake(name);
      sentInTransaction.clear();
      if (dueRowWritten) {
        dueRowWritten = false;
        ticker.kick();
      }
    },

    async idle(timeoutMs = 10_000) {
      if (!working) throw new Error('idle() needs workers: start({ work: true })');
      // A real-time limit on waiting, not domain time.
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        await ticker.tick();
        const busy =
          workers.running() > 0 ||
          sending > 0 ||
          (await scheduled.countDue(db, names(), clock.now())) > 0;
        if (!busy) {
          if ((await countPendingInQueue(db, names())) === 0) return;
          // Jobs wait for a worker that sleeps until its poll (a wake that came before their
          // transaction committed): wake them rather than wait.
          for (const name of names()) workers.wake(name);
        }
        if (performance.now() > deadline) throw new Error(`jobs still busy after ${timeoutMs} ms`);
        await sleep(20);
      }
    },
  };
}
