import type { Job, PgBoss } from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { JsonObject } from '../db/columns.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import type { JobsLog } from './jobs.ts';
import type { Registration } from './pg-boss-queues.ts';
import { scheduledJobsRepository as scheduled } from './scheduled-jobs.repository.ts';

/** The singleton key of a recurring job's next run. */
const NEXT_RUN_KEY = 'every';

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

  return {
    async start(instance, registrations) {
      boss = instance;
      for (const registration of registrations) {
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
    },
    wake,
    running: () => running,
  };
}
