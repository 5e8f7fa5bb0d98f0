import { eq } from 'drizzle-orm';
import type { Db } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { MINUTE, TestClock } from '../test/clock.ts';
import { createStatementCounter } from '../test/statement-count.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { stopJobs, testJobs } from '../test/test-jobs.ts';
import { waitFor } from '../test/wait-for.ts';
import { defineJob, type JobContext, type Jobs } from './jobs.ts';
import { scheduledJobs } from './scheduled-jobs.schema.ts';

const ours = createStatementCounter();
let database: DatabaseHandle;
const running: Jobs[] = [];
/** The statements pg-boss sent on its own connection (not in a use case's transaction). */
let pgBoss: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase(ours);
});
afterEach(() => stopJobs(running));
afterAll(async () => {
  await database.close();
});

const countingDb = (db: Db): Db => ({
  executeSql: (text, values) => {
    pgBoss.push(text);
    return db.executeSql(text, values);
  },
});

function jobsOn(clock = new TestClock()): Jobs {
  return testJobs(database, clock, running, { wrapPgBossDb: countingDb });
}

let names = 0;
const uniqueName = (what: string) => `test.${what}.${(names += 1)}`;

/** pg-boss's job fetches and completions among `texts`. */
const machinery = (texts: readonly string[]) => ({
  fetches: texts.filter((text) => /^\s*WITH next AS/.test(text)).length,
  settles: texts.filter((text) => /AS x \(id uuid, retry_count int, output jsonb\)/.test(text))
    .length,
});

describe('jobs in batches', () => {
  it('runs a batch side by side up to the concurrency, and a failing job fails and retries alone', async () => {
    const job = defineJob<{ n: number }>(uniqueName('batch'));
    const runs: { n: number; context: JobContext }[] = [];
    let now = 0;
    let most = 0;
    const jobs = jobsOn();
    jobs.register(
      job,
      async ({ n }, context) => {
        now += 1;
        most = Math.max(most, now);
        runs.push({ n, context });
        // Lets the batch-mates start before this one ends.
        await new Promise((resolve) => setImmediate(resolve));
        now -= 1;
        if (n === 3 && context.retryCount === 0) throw new Error('job 3 fails once');
      },
      { concurrency: 2, retryDelaySeconds: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 },
    );
    await jobs.start({ work: true });
    // One transaction: the five become visible together and the worker claims them as one batch.
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3, 4, 5]) await jobs.send(job, { n }, {}, tx);
    });
    jobs.kick();
    await waitFor(() => runs.length === 6);
    await jobs.idle();

    expect(most).toBe(2);
    const attempts = (n: number) =>
      runs.filter((run) => run.n === n).map((run) => run.context.retryCount);
    expect([1, 2, 4, 5].map(attempts)).toEqual([[0], [0], [0], [0]]);
    expect(attempts(3)).toEqual([0, 1]);
  });

  it('fetches and completes a batch of 20 jobs in a few statements', async () => {
    const job = defineJob<{ n: number }>(uniqueName('budget'));
    let done = 0;
    const jobs = jobsOn();
    // No idle polls while the test counts: only fetches a wake asked for.
    const options = { pollingIntervalSeconds: 60 };
    jobs.register(
      job,
      async () => {
        done += 1;
      },
      options,
    );
    await jobs.start({ work: true });

    const sent = await ours.during(() =>
      database.db.transaction(async (tx) => {
        for (let n = 0; n < 20; n += 1) await jobs.send(job, { n }, {}, tx);
      }),
    );
    // One insert into pg-boss's table per job, in the use case's transaction (no scheduled hop).
    expect(sent.filter((text) => /insert into/i.test(text))).toHaveLength(20);
    expect(sent.filter((text) => /scheduled_jobs/.test(text))).toHaveLength(0);

    pgBoss = [];
    jobs.kick();
    await waitFor(() => done === 20);
    await waitFor(() => machinery(pgBoss).settles >= 1);
    const { fetches, settles } = machinery(pgBoss);
    // One fetch claims the batch, one statement completes it, and the worker, having found
    // work, looks once more at once (finding nothing, it goes back to polling).
    expect(settles).toBe(1);
    expect(fetches).toBeLessThanOrEqual(2);
  });

  it('moves a tick of due jobs in one statement for the rows and one insert per kind', async () => {
    const clock = new TestClock();
    const first = defineJob<{ n: number }>(uniqueName('tick-a'));
    const second = defineJob<{ n: number }>(uniqueName('tick-b'));
    let done = 0;
    const jobs = jobsOn(clock);
    const handler = async () => {
      done += 1;
    };
    jobs.register(first, handler);
    jobs.register(second, handler);
    await jobs.start({ work: true });
    const later = { runAt: new Date(clock.now().getTime() + MINUTE) };
    for (let n = 0; n < 10; n += 1) {
      await jobs.send(first, { n }, later);
      await jobs.send(second, { n }, later);
    }
    clock.advance(MINUTE);

    pgBoss = [];
    let moved = 0;
    const sent = await ours.during(
      async () => {
        moved = await jobs.tick();
      },
      { tick: true },
    );
    expect(moved).toBe(20);
    // The due rows leave in one delete … returning, and enter pg-boss in one insert per kind,
    // all in the tick's transaction (plus its begin and commit on PostgreSQL).
    const work = sent.filter((text) => !/^(begin|commit)/i.test(text.trim()));
    expect(work.filter((text) => /delete from "scheduled_jobs"/.test(text))).toHaveLength(1);
    expect(work.filter((text) => /INSERT INTO/.test(text))).toHaveLength(2);
    expect(work).toHaveLength(3);
    await waitFor(() => done === 20);
    await jobs.idle();
  });

  it('sends a job due now in a transaction at once, absorbed by the waiting job with its key', async () => {
    const clock = new TestClock();
    const job = defineJob<{ n: number }>(uniqueName('absorb'));
    const runs: { n: number; id: string }[] = [];
    const jobs = jobsOn(clock);
    jobs.register(job, async ({ n }, { id }) => {
      runs.push({ n, id });
    });
    await jobs.start({ work: true });
    const waiting = await jobs.send(
      job,
      { n: 1 },
      { runAt: new Date(clock.now().getTime() + 10 * MINUTE), singletonKey: 'k' },
    );
    const absorbed = await database.db.transaction((tx) =>
      jobs.send(job, { n: 2 }, { singletonKey: 'k' }, tx),
    );
    expect(absorbed).toBeNull();
    jobs.kick();
    await waitFor(() => runs.length === 1);
    await jobs.idle();
    // The waiting job ran now, with its own id and data, and nothing waits any more.
    expect(runs).toEqual([{ n: 1, id: waiting }]);
    const left = await database.db
      .select()
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(left).toEqual([]);
  });

  it('keeps a job sent due now in a transaction that rolls back out of pg-boss', async () => {
    const job = defineJob<{ n: number }>(uniqueName('rollback'));
    const runs: number[] = [];
    const jobs = jobsOn();
    jobs.register(job, async ({ n }) => {
      runs.push(n);
    });
    await jobs.start({ work: true });
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(job, { n: 1 }, { singletonKey: 'k' }, tx);
        await jobs.send(job, { n: 2 }, {}, tx);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    await database.db.transaction((tx) => jobs.send(job, { n: 3 }, {}, tx));
    jobs.kick();
    await waitFor(() => runs.length === 1);
    await jobs.idle();
    expect(runs).toEqual([3]);
  });
});

describe('bundles (decision 69)', () => {
  it('sends a bundled kind’s items of one run time as one job; one alone keeps its key', async () => {
    const clock = new TestClock();
    const job = defineJob<{ n: number }>(uniqueName('bundle-rows'));
    const jobs = jobsOn(clock);
    jobs.register(job, async () => {}, { bundle: true, batch: async () => new Set() });
    await jobs.start({ work: true });
    const at = (minutes: number) => new Date(clock.now().getTime() + minutes * MINUTE);
    await database.db.transaction((tx) =>
      jobs.sendMany(
        job,
        [
          { data: { n: 1 }, options: { runAt: at(1), singletonKey: 'k1' } },
          { data: { n: 2 }, options: { runAt: at(2), singletonKey: 'k2' } },
          { data: { n: 3 }, options: { runAt: at(1), singletonKey: 'k3' } },
          // The same key twice in one call is sent once.
          { data: { n: 4 }, options: { runAt: at(1), singletonKey: 'k1' } },
        ],
        tx,
      ),
    );
    const rows = await database.db
      .select({ data: scheduledJobs.data, key: scheduledJobs.singleton_key })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual({ data: { bundled_items: [{ n: 1 }, { n: 3 }] }, key: null });
    expect(rows).toContainEqual({ data: { n: 2 }, key: 'k2' });
  });

  it('hands a bundle’s items to the batch handler as jobs of their own; one failing alone retries the bundle', async () => {
    const job = defineJob<{ n: number }>(uniqueName('bundle-run'));
    const batches: { ids: string[]; ns: number[]; retry: number }[] = [];
    const alone: { n: number; id: string; retry: number }[] = [];
    const jobs = jobsOn();
    jobs.register(
      job,
      async ({ n }, { id, retryCount }) => {
        alone.push({ n, id, retry: retryCount });
        if (n === 5 && retryCount === 0) throw new Error('item 5 fails once');
      },
      {
        bundle: true,
        batchSize: 3,
        retryDelaySeconds: 0,
        retryBackoff: false,
        pollingIntervalSeconds: 0.5,
        // Takes what it can: every item but 4 and 5.
        batch: async (items) => {
          batches.push({
            ids: items.map(({ context }) => context.id),
            ns: items.map(({ data }) => data.n),
            retry: items[0]?.context.retryCount ?? -1,
          });
          return new Set(items.filter(({ data }) => data.n < 4).map(({ context }) => context.id));
        },
      },
    );
    await jobs.start({ work: true });
    await database.db.transaction((tx) =>
      jobs.sendMany(
        job,
        [1, 2, 3, 4, 5].map((n) => ({ data: { n }, options: {} })),
        tx,
      ),
    );
    jobs.kick();
    await waitFor(() => alone.length === 4);
    await jobs.idle();

    // One job: its items `batchSize` a call, each with the bundle's id and its place.
    const [first] = batches;
    const bundleId = first?.ids[0]?.split('/')[0];
    expect(batches.map(({ ns, retry }) => [ns, retry])).toEqual([
      [[1, 2, 3], 0],
      [[4, 5], 0],
      [[1, 2, 3], 1],
      [[4, 5], 1],
    ]);
    expect(batches.flatMap(({ ids }) => ids).slice(0, 5)).toEqual(
      [0, 1, 2, 3, 4].map((index) => `${bundleId}/${index}`),
    );
    // The items the batch left ran alone; 5 failed, so the bundle ran again, and then passed.
    expect(alone.map(({ n, retry }) => [n, retry])).toEqual([
      [4, 0],
      [5, 0],
      [4, 1],
      [5, 1],
    ]);
    expect(alone[1]?.id).toBe(`${bundleId}/4`);
  });

  it('takes `bundlesPerFetch` bundles a fetch, their items merged into fuller batches', async () => {
    const clock = new TestClock();
    const jobs = jobsOn(clock);
    /** Each kind's batch handler calls, as the items' numbers. */
    const callsOf = new Map<string, number[][]>();
    const kinds = [1, 2].map((perFetch) => {
      const job = defineJob<{ n: number }>(uniqueName(`bundles-per-fetch-${perFetch}`));
      const calls: number[][] = [];
      callsOf.set(job.name, calls);
      jobs.register(job, async () => {}, {
        bundle: true,
        ...(perFetch === 1 ? {} : { bundlesPerFetch: perFetch }),
        batch: async (items) => {
          calls.push(items.map(({ data }) => data.n).sort((a, b) => a - b));
          return new Set(items.map(({ context }) => context.id));
        },
      });
      return job;
    });
    await jobs.start({ work: true });
    // Three bundles of two a kind (three batches' sends), all due at one tick.
    const later = { runAt: new Date(clock.now().getTime() + MINUTE) };
    for (const job of kinds) {
      for (const pair of [
        [1, 2],
        [3, 4],
        [5, 6],
      ]) {
        await database.db.transaction((tx) =>
          jobs.sendMany(
            job,
            pair.map((n) => ({ data: { n }, options: later })),
            tx,
          ),
        );
      }
    }
    clock.advance(MINUTE);
    await jobs.tick();
    const items = (name: string) => (callsOf.get(name) ?? []).flat().length;
    await waitFor(() => kinds.every(({ name }) => items(name) === 6));
    await jobs.idle();

    const [one, two] = kinds.map(({ name }) => callsOf.get(name) ?? []);
    // One bundle a fetch: a call each. Two a fetch: the first two bundles' items in one call.
    expect(one?.map((call) => call.length)).toEqual([2, 2, 2]);
    expect(two?.map((call) => call.length)).toEqual([4, 2]);
    expect(two?.flat().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
