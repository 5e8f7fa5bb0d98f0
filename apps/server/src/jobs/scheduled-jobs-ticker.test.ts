import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { systemClock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';
import { MINUTE } from '../test/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs } from '../test/test-jobs.ts';
import { waitFor } from '../test/wait-for.ts';
import { createJobs } from './index.ts';
import { defineJob, type Jobs } from './jobs.ts';

/**
 * The ticker's wake at a run time (`kickAt`,
 * docs/decisions/0013-jobs-on-pg-boss-with-the-injected-clock.md): timers are what is tested, so
 * this runs on the real clock, with an interval far longer than the waits below so that only the
 * wake can move the jobs.
 */

let database: DatabaseHandle;
const running: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(() => stopJobs(running));
afterAll(async () => {
  await database.close();
});

it('moves a job due within the minute when it falls due, not at the next interval', async () => {
  const job = defineJob<{ n: number }>('test.ticker.soon');
  const runs: number[] = [];
  const jobs = createJobs({
    database,
    clock: systemClock,
    random: cryptoRandom,
    log: silentJobsLog,
    tickIntervalMs: 10 * MINUTE,
  });
  running.push(jobs);
  jobs.register(job, async (data) => {
    runs.push(data.n);
  });
  await jobs.start({ work: true });
  // The second is written while the first's wake is armed: it gets a wake of its own.
  const first = new Date(Date.now() + 300);
  const second = new Date(first.getTime() + 300);
  await database.db.transaction((tx) =>
    jobs.sendMany(job, [{ data: { n: 1 }, options: { runAt: first } }], tx),
  );
  await jobs.send(job, { n: 2 }, { runAt: second });
  await waitFor(() => runs.length === 2);
  expect(Date.now()).toBeGreaterThanOrEqual(second.getTime());
  expect(runs).toEqual([1, 2]);
});
