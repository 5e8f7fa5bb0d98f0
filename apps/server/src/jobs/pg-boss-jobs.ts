import { sql } from 'drizzle-orm';
import { fromDrizzle, PgBoss, type DrizzleTransactionLike, type Job, type Queue } from 'pg-boss';
import type { DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/schema.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import type { JobHandler, JobType, Jobs, RegisterOptions, SendOptions } from './jobs.ts';
import { pgBossDatabase } from './pg-boss-database.ts';
import { PG_BOSS_SCHEMA } from './pg-boss-schema.ts';
import { scheduledJobsRepository as scheduled } from './scheduled-jobs.repository.ts';

/** The slice of a pino/Fastify logger the jobs use. */
export interface JobsLog {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface CreateJobsOptions {
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
  /** How often a worker process ticks (default 1000 ms); 0: never by itself (tests tick). */
  tickIntervalMs?: number;
  /** How long stop() waits for running jobs before failing them back to the queue (default 10 s). */
  stopTimeoutMs?: number;
}

interface Registration {
  name: string;
  handler: JobHandler<JsonObject>;
  options: RegisterOptions;
}

/** The singleton key of a recurring job's next run. */
const NEXT_RUN_KEY = 'every';
/** Rows moved per statement by tick(). */
const TICK_BATCH = 100;

function queueOptions(options: RegisterOptions): Omit<Queue, 'name' | 'policy'> {
  const retryBackoff = options.retryBackoff ?? true;
  return {
    retryLimit: options.retryLimit ?? 3,
    retryDelay: options.retryDelaySeconds ?? 5,
    retryBackoff,
    ...(retryBackoff ? { retryDelayMax: options.retryDelayMaxSeconds ?? 600 } : {}),
    expireInSeconds: options.expireInSeconds ?? 300,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Jobs on pg-boss (schema from the drizzle migrations: `migrate: false`, so a start creates
 * nothing). pg-boss decides when a job runs by the database's clock, the product by the injected
 * one: jobs for later wait in `scheduled_jobs` and `tick()` moves the due ones to pg-boss, which
 * runs them at once. A job keeps its id through the move; pg-boss ignores a second insert of an
 * id, so a move repeated after a crash (or by two processes) adds nothing.
 */
export function createJobs(options: CreateJobsOptions): Jobs {
  const { database, clock, random, log } = options;
  const { db } = database;
  const tickIntervalMs = options.tickIntervalMs ?? 1000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const registrations = new Map<string, Registration>();
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let working = false;
  let stopped = false;
  let running = 0;
  /** Sends under way (a kick's send has not reached the queue yet). */
  let sending = 0;
  let ticker: NodeJS.Timeout | undefined;
  // Ticks run one after another; a tick asked for while one waits to start shares that one.
  let tickChain: Promise<unknown> = Promise.resolve();
  let waitingTick: Promise<number> | undefined;

  const names = () => [...registrations.keys()];
  const wake = (name: string) => {
    const id = workerIds.get(name);
    if (id) boss?.notifyWorker(id);
  };

  const scheduleNextRun = async (registration: Registration, runAt: Date): Promise<void> => {
    await scheduled.insert(db, {
      id: random.uuid(),
      name: registration.name,
      data: {},
      runAt,
      singletonKey: NEXT_RUN_KEY,
      createdAt: clock.now(),
    });
  };

  const run = async (registration: Registration, job: Job<JsonObject>): Promise<void> => {
    running += 1;
    const details = { id: job.id, name: job.name, retry_count: job.retryCount };
    try {
      await registration.handler(job.data, {
        id: job.id,
        name: job.name,
        retryCount: job.retryCount,
      });
    } catch (error) {
      log.error({ err: error, event: 'jobs.failed', job: details }, 'job failed');
      throw error;
    } finally {
      running -= 1;
      const every = registration.options.every;
      if (every) {
        await scheduleNextRun(registration, new Date(clock.now().getTime() + every.ms)).catch(
          (error: unknown) =>
            log.error(
              { err: error, event: 'jobs.reschedule_failed', job: details },
              'could not schedule the next run of a recurring job',
            ),
        );
      }
    }
  };

  /**
   * Moves one batch of due jobs: their rows leave `scheduled_jobs` and enter pg-boss in one
   * transaction, so a crash moves all or nothing, a job cannot run (and schedule its next run)
   * before its row is gone, and two processes ticking at once skip each other's rows.
   */
  const moveBatch = async (instance: PgBoss): Promise<string[]> =>
    db.transaction(async (tx) => {
      const due = await scheduled.due(tx, names(), clock.now(), TICK_BATCH);
      if (due.length === 0) return [];
      await scheduled.remove(
        tx,
        due.map((row) => row.id),
      );
      const byName = new Map<string, typeof due>();
      for (const row of due) byName.set(row.name, [...(byName.get(row.name) ?? []), row]);
      // Our Database type leaves execute()'s rows untyped; the adapter reads them either way.
      const inTransaction = { db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) };
      for (const [name, rows] of byName) {
        await instance.insert(
          name,
          rows.map((row) => ({ id: row.id, data: row.data })),
          inTransaction,
        );
      }
      return due.map((row) => row.name);
    });

  const tickOnce = async (): Promise<number> => {
    const instance = boss;
    if (!instance || stopped) return 0;
    let moved = 0;
    for (;;) {
      const batch = await moveBatch(instance);
      for (const name of new Set(batch)) wake(name);
      moved += batch.length;
      if (batch.length < TICK_BATCH) return moved;
    }
  };

  const tick = (): Promise<number> => {
    if (waitingTick) return waitingTick;
    const next = tickChain.then(() => {
      waitingTick = undefined;
      return tickOnce();
    });
    waitingTick = next;
    tickChain = next.catch(() => undefined);
    return next;
  };

  const kick = (): void => {
    if (!boss || stopped) return;
    tick().catch((error: unknown) =>
      log.error({ err: error, event: 'jobs.tick_failed' }, 'moving due jobs failed'),
    );
  };

  /** Jobs of ours that pg-boss holds ready or running (all processes). */
  const pendingInQueue = async (): Promise<number> => {
    // pg-boss decides when its jobs are due by the database's clock, so that is the one to ask.
    // eslint-disable-next-line no-restricted-syntax
    const dueByPgBoss = sql`start_after <= now()`;
    const result = (await db.execute(
      sql`select count(*)::int as count from ${sql.identifier(PG_BOSS_SCHEMA)}.job
          where name in ${names()} and state in ('created', 'retry', 'active') and ${dueByPgBoss}`,
    )) as unknown as { rows: { count: number }[] };
    return result.rows[0]?.count ?? 0;
  };

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
    if (immediate && boss && !stopped) {
      const sent = await boss.send(job.name, data, { id });
      wake(job.name);
      return sent;
    }
    const stored = await scheduled.insert(executor ?? db, {
      id,
      name: job.name,
      data,
      runAt,
      singletonKey: sendOptions.singletonKey ?? null,
      createdAt: now,
    });
    if (!executor && runAt.getTime() <= now.getTime()) kick();
    return stored;
  };

  return {
    register(job, handler, registerOptions = {}) {
      if (boss) throw new Error(`register ${job.name} before the jobs start`);
      if (registrations.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      registrations.set(job.name, {
        name: job.name,
        handler: handler as JobHandler<JsonObject>,
        options: registerOptions,
      });
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
      const adapter = pgBossDatabase(database);
      const instance = new PgBoss({
        db: adapter.db,
        backend: adapter.backend,
        schema: PG_BOSS_SCHEMA,
        // The schema is the drizzle migration's (drizzle/0004_jobs.sql): a start only checks it.
        migrate: false,
        // Time-based work follows the injected clock (scheduled_jobs), never pg-boss's cron.
        schedule: false,
        // Maintenance (expiring stuck jobs, retries, deleting old jobs) where jobs run.
        supervise: work,
        registerInstance: false,
        openTelemetry: { enabled: false },
      });
      instance.on('error', (error) =>
        log.error({ err: error, event: 'jobs.error' }, 'job queue error'),
      );
      instance.on('warning', (warning) =>
        log.warn({ warning, event: 'jobs.warning' }, 'job queue warning'),
      );
      await instance.start();
      boss = instance;
      for (const registration of registrations.values()) {
        const settings = queueOptions(registration.options);
        await instance.createQueue(registration.name, {
          policy: registration.options.policy ?? 'standard',
          ...settings,
        });
        // An existing queue takes the retry settings of the code that runs now.
        await instance.updateQueue(registration.name, settings);
      }
      if (!work) return;
      working = true;
      for (const registration of registrations.values()) {
        const id = await instance.work<JsonObject>(
          registration.name,
          {
            batchSize: 1,
            localConcurrency: registration.options.concurrency ?? 1,
            pollingIntervalSeconds: registration.options.pollingIntervalSeconds ?? 2,
          },
          async (jobs) => {
            for (const job of jobs) await run(registration, job);
            // One job found: look for the next at once rather than after the polling interval.
            wake(registration.name);
          },
        );
        workerIds.set(registration.name, id);
        const every = registration.options.every;
        if (every) {
          const now = clock.now().getTime();
          await scheduleNextRun(
            registration,
            new Date(every.firstRunAtStart ? now : now + every.ms),
          );
        }
      }
      await tick();
      if (tickIntervalMs > 0) {
        ticker = setInterval(kick, tickIntervalMs);
        ticker.unref();
      }
    },

    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(ticker);
      await tickChain;
      await boss?.stop({ graceful: true, timeout: stopTimeoutMs, close: false });
    },

    tick,
    kick,

    async idle(timeoutMs = 10_000) {
      if (!working) throw new Error('idle() needs workers: start({ work: true })');
      // A real-time limit on waiting, not domain time.
      const deadline = performance.now() + timeoutMs;
      for (;;) {
        await tick();
        const busy =
          running > 0 ||
          sending > 0 ||
          (await scheduled.countDue(db, names(), clock.now())) > 0 ||
          (await pendingInQueue()) > 0;
        if (!busy) return;
        if (performance.now() > deadline) throw new Error(`jobs still busy after ${timeoutMs} ms`);
        await sleep(20);
      }
    },
  };
}
