import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { TestClock } from '../test/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../test/test-jobs.ts';
import { waitFor } from '../test/wait-for.ts';
import { defineJob, type JobContext, type Jobs, type RegisterOptions } from './jobs.ts';
import { startPgBoss } from './pg-boss-instance.ts';
import { PG_BOSS_SCHEMA } from './pg-boss-schema.ts';

/**
 * Issue 29, defect 2: the jobs a process claimed and never completed (it died) wait for their
 * expiry, then another process runs them. pg-boss times jobs by the database's clock, so the test
 * moves the claim's start back past the expiry rather than waiting, and runs pg-boss's
 * maintenance itself (a working process runs it every EXPIRY_CHECK_SECONDS).
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

const boss = (name: string) => sql`${sql.identifier(PG_BOSS_SCHEMA)}.${sql.identifier(name)}`;

async function statesOf(name: string): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select state::text as state from ${boss('job')} where name = ${name} order by id`,
  )) as unknown as { rows: { state: string }[] };
  return result.rows.map((row) => row.state);
}

/** As if `seconds` had passed since the jobs were claimed (pg-boss's clock is the database's). */
async function claimedSecondsAgo(name: string, seconds: number): Promise<void> {
  await database.db.execute(
    sql`update ${boss('job')} set started_on = started_on - ${seconds} * interval '1 second'
        where name = ${name} and state = 'active'`,
  );
  // pg-boss lets one maintenance pass a queue per interval, across processes: clear that claim
  // so the pass the test asks for runs now.
  await database.db.execute(
    sql`update ${boss('queue')} set monitor_claim_on = null, monitor_on = null where name = ${name}`,
  );
}

it('runs again in another process, once their expiry has passed, the jobs a dead process had claimed', async () => {
  const job = defineJob<{ n: number }>('test.expiry.claimed-by-the-dead');
  // Sized like the money flow's jobs (modules/transfers/money-flow.ts), with a short retry delay.
  const options: RegisterOptions = {
    expireInSeconds: 30,
    batchSize: 4,
    concurrency: 2,
    retryDelaySeconds: 1,
    retryBackoff: false,
    pollingIntervalSeconds: 1,
  };
  const clock = new TestClock();
  const sender = testJobs(database, clock, running);
  sender.register(job, async () => undefined, options);
  await sender.start({ work: false });
  for (let n = 1; n <= 4; n += 1) await sender.send(job, { n });

  // The process that dies: it claims the batch (pg-boss marks its jobs active) and stops there,
  // without completing or failing any of them.
  const dead = await startPgBoss(database, silentJobsLog, { supervise: false });
  expect(await dead.fetch(job.name, { batchSize: 4 })).toHaveLength(4);
  await dead.stop({ graceful: false, close: false });
  expect(await statesOf(job.name)).toEqual(['active', 'active', 'active', 'active']);

  // Another process works the same kind.
  const runs: { n: number; context: JobContext }[] = [];
  const survivor = testJobs(database, clock, running);
  survivor.register(
    job,
    async ({ n }, context) => {
      runs.push({ n, context });
    },
    options,
  );
  await survivor.start({ work: true });

  // Within the expiry the claim stands: nobody runs them.
  await claimedSecondsAgo(job.name, 29);
  await survivor.superviseNow();
  expect(await statesOf(job.name)).toEqual(['active', 'active', 'active', 'active']);
  expect(runs).toEqual([]);

  // Past it, they go back to the queue and the survivor runs each once, as its first retry.
  await claimedSecondsAgo(job.name, 2);
  await survivor.superviseNow();
  await waitFor(() => runs.length === 4);
  expect(runs.map((run) => run.n).sort()).toEqual([1, 2, 3, 4]);
  expect(runs.every((run) => run.context.retryCount === 1)).toBe(true);
  await survivor.idle();
  expect(await statesOf(job.name)).toEqual(['completed', 'completed', 'completed', 'completed']);
});
