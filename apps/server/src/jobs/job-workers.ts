import type { Job, JobResult, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { JsonObject } from '../db/columns.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import type { JobsLog } from './jobs.ts';
import { bundleItemId, bundleItems } from './bundled-jobs.ts';
import type { Registration } from './pg-boss-queues.ts';
import { scheduledJobsRepository as scheduled } from './scheduled-jobs.repository.ts';

/** The singleton key of a recurring job's next run. */
const NEXT_RUN_KEY = 'every';

/** Jobs a worker takes per fetch unless its registration says otherwise. */
export const DEFAULT_BATCH_SIZE = 20;

/**
 * Jobs a worker of a bundled kind takes per fetch unless its registration says otherwise
 * (`bundlesPerFetch`): one, as a bundle holds what one batch sent, at most a batch's worth
 * (decision 69). A fetch then stays one batch (`batchSize` items a call of the batch handler),
 * which is what a kind's expiry is sized to.
 */
export const BUNDLES_PER_FETCH = 1;

/** One item of a fetched job: a bundle's (its id the job's and its place), or the job itself. */
interface JobItem {
  job: Job<JsonObject>;
  id: string;
  data: JsonObject;
}

/** A fetch's items in order: a bundled kind's bundles opened (bundled-jobs.ts). */
function itemsOf(jobs: readonly Job<JsonObject>[], bundled: boolean): JobItem[] {
  return jobs.flatMap((job) => {
    const items = bundled ? bundleItems(job.data) : undefined;
    if (items === undefined) return [{ job, id: job.id, data: job.data }];
    return items.map((data, index) => ({ job, id: bundleItemId(job.id, index), data }));
  });
}

/**
 * Runs `work` on every item, at most `limit` at a time, and answers the results in order.
 * `work` must not throw (each job's outcome is its own).
 */
async function sideBySide<T, R>(
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
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}

export interface JobWorkersOptions {
  db: Database;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
}

/** This process's pg-boss workers: one per job kind, each running its kind's handler. */
export interface JobWorkers {
  /** Starts a worker for each registration, and schedules the first run of each recurring one. */
  start(instance: PgBoss, registrations: Iterable<Registration>): Promise<void>;
  /** The worker of `name` looks for jobs now rather than at its next poll. */
  wake(name: string): void;
  /** Handlers running in this process now. */
  running(): number;
}

export function createJobWorkers({ db, clock, random, log }: JobWorkersOptions): JobWorkers {
  const workerIds = new Map<string, string>();
  let boss: PgBoss | undefined;
  let running = 0;

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

  /**
   * Runs one item of a fetch alone; its outcome is its own (a throw fails its job, not the
   * fetch): undefined when it succeeded, else the error.
   */
  const run = async (registration: Registration, item: JobItem): Promise<unknown> => {
    running += 1;
    const { job } = item;
    const details = { id: item.id, name: job.name, retry_count: job.retryCount };
    try {
      await registration.handler(item.data, {
        id: item.id,
        name: job.name,
        retryCount: job.retryCount,
      });
      return undefined;
    } catch (error) {
      log.error({ err: error, event: 'jobs.failed', job: details }, 'job failed');
      return error ?? new Error('job failed');
    } finally {
      // A recurring job is running until its next run is written: a clock advanced before that
      // would put the next run a period after the advance.
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
      running -= 1;
    }
  };

  /**
   * Runs a fetched batch through the kind's batch handler (decision 43): the ids it completed.
   * A batch that throws completes none, and every job then runs alone.
   */
  const runBatch = async (
    registration: Registration,
    batch: NonNullable<Registration['batch']>,
    items: readonly JobItem[],
  ): Promise<ReadonlySet<string>> => {
    running += 1;
    try {
      return await batch(
        items.map(({ job, id, data }) => ({
          data,
          context: { id, name: job.name, retryCount: job.retryCount },
        })),
      );
    } catch (error) {
      log.warn(
        { err: error, event: 'jobs.batch_failed', name: registration.name, jobs: items.length },
        'a batch failed: its jobs run alone',
      );
      return new Set();
    } finally {
      running -= 1;
    }
  };

  /**
   * A fetch's items through the kind's batch handler, `batchSize` items a call (a fetch of
   * bundles holds more), then the ones it left alone, side by side up to the kind's concurrency;
   * a job is completed when all its items were, and fails with its first failed item's error
   * (pg-boss stores it and retries the job by the queue's policy).
   */
  const runFetch = async (
    registration: Registration,
    jobs: readonly Job<JsonObject>[],
  ): Promise<JobResult[]> => {
    const { batch, options } = registration;
    const items = itemsOf(jobs, options.bundle === true);
    const done = new Set<string>();
    if (batch) {
      const size = options.batchSize ?? DEFAULT_BATCH_SIZE;
      for (let start = 0; start < items.length; start += size) {
        const completed = await runBatch(registration, batch, items.slice(start, start + size));
        for (const id of completed) done.add(id);
      }
    }
    const alone = items.filter((item) => !done.has(item.id));
    const errors = await sideBySide(alone, options.concurrency ?? 1, (item) =>
      run(registration, item),
    );
    const failed = new Map<string, unknown>();
    alone.forEach((item, index) => {
      const error = errors[index];
      if (error !== undefined && !failed.has(item.job.id)) failed.set(item.job.id, error);
    });
    return jobs.map((job) =>
      failed.has(job.id)
        ? { id: job.id, status: 'failed', output: failed.get(job.id) }
        : { id: job.id, status: 'completed' },
    );
  };

  return {
    async start(instance, registrations) {
      boss = instance;
      for (const registration of registrations) {
        const { options } = registration;
        // One fetching loop per kind: a fetch claims up to a batch, whose handlers run side by
        // side up to the kind's concurrency; pg-boss then writes the batch's completions in one
        // statement and its failures in another, each job settled (and retried) on its own.
        const id = await instance.work<JsonObject>(
          registration.name,
          {
            batchSize: options.bundle
              ? (options.bundlesPerFetch ?? BUNDLES_PER_FETCH)
              : (options.batchSize ?? DEFAULT_BATCH_SIZE),
            localConcurrency: 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
            perJobResults: true,
          },
          async (jobs) => {
            // A kind with a batch handler takes the fetch together; what it leaves runs alone.
            const results = await runFetch(registration, jobs);
            // Work found: look for more at once rather than after the polling interval.
            if (jobs.length > 0) wake(registration.name);
            return results;
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
    },
    wake,
    running: () => running,
  };
}
