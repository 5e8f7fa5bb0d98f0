import type { DatabaseHandle } from '../db/database.ts';
import { createJobs, type CreateJobsOptions, type Jobs, type JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';

/** A jobs log that writes nothing. */
export const silentJobsLog: JobsLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Jobs on `database` that never tick by themselves (the test ticks), collected in `running` so
 * that `stopJobs` ends them after each test.
 */
export function testJobs(
  database: DatabaseHandle,
  clock: Clock,
  running: Jobs[],
  more: Pick<CreateJobsOptions, 'wrapPgBossDb'> = {},
): Jobs {
  const jobs = createJobs({
    database,
    clock,
    random: cryptoRandom,
    log: silentJobsLog,
    tickIntervalMs: 0,
    ...more,
  });
  running.push(jobs);
  return jobs;
}

/** Stops every jobs instance in `running`, one after another (in afterEach). */
export async function stopJobs(running: Jobs[]): Promise<void> {
  for (const jobs of running.splice(0)) await jobs.stop();
}
