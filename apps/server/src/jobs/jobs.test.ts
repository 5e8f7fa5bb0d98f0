import fs from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { JsonObject } from '../db/columns.ts';
import { scheduledJobs } from './scheduled-jobs.schema.ts';
import { appSecrets } from '../lib/app-key.schema.ts';
import { MINUTE, SECOND, TestClock } from '../test/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { stopJobs, testJobs } from '../test/test-jobs.ts';
import { waitFor } from '../test/wait-for.ts';
import { defineJob, type JobContext, type Jobs } from './jobs.ts';
import { pgBossDatabase } from './pg-boss-database.ts';
import { PG_BOSS_SCHEMA, pgBossInstallMigration } from './pg-boss-schema.ts';

let database: DatabaseHandle;
const running: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(() => stopJobs(running));
afterAll(async () => {
  await database.close();
});

const jobsOn = (clock = new TestClock()): Jobs => testJobs(database, clock, running);

/** A handler that records every run. */
function recorder<T extends JsonObject>() {
  const runs: { data: T; context: JobContext }[] = [];
  const handler = async (data: T, context: JobContext) => {
    runs.push({ data, context });
  };
  return { runs, handler };
}

let names = 0;
const uniqueName = (what: string) => `test.${what}.${(names += 1)}`;

describe('pg-boss schema', () => {
  it('comes from the drizzle migration, so a start creates and migrates nothing', async () => {
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../drizzle/0004_jobs.sql'),
      'utf8',
    );
    // The migration is what the installed pg-boss would create (regenerate it on an upgrade).
    expect(migration.slice(migration.indexOf('\n') + 1)).toBe(pgBossInstallMigration());

    const { db, backend } = pgBossDatabase(database);
    const boss = new PgBoss({
      db,
      backend,
      schema: PG_BOSS_SCHEMA,
      migrate: false,
      schedule: false,
      supervise: false,
      registerInstance: false,
    });
    const started = Date.now();
    await boss.start();
    const startMs = Date.now() - started;
    try {
      const drift = await boss.detectSchemaDrift();
      expect(drift.ok, JSON.stringify(drift)).toBe(true);
      expect(startMs).toBeLessThan(2000);
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  });
});

describe('jobs', () => {
  it('runs a job sent now once, with its data and id', async () => {
    const job = defineJob<{ n: number }>(uniqueName('now'));
    const { runs, handler } = recorder<{ n: number }>();
    const jobs = jobsOn();
    jobs.register(job, handler);
    await jobs.start({ work: true });
    const id = await jobs.send(job, { n: 1 });
    await jobs.idle();
    expect(runs).toEqual([{ data: { n: 1 }, context: { id, name: job.name, retryCount: 0 } }]);
  });

  it('keeps a job sent in a transaction only if the transaction commits', async () => {
    const job = defineJob<{ n: number }>(uniqueName('tx'));
    const { runs, handler } = recorder<{ n: number }>();
    const jobs = jobsOn();
    jobs.register(job, handler);
    await jobs.start({ work: true });

    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send(job, { n: 1 }, {}, tx);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    await database.db.transaction(async (tx) => {
      await tx.insert(appSecrets).values({ name: `effect-${job.name}`, value: 'x' });
      await jobs.send(job, { n: 2 }, {}, tx);
    });
    jobs.kick();
    await jobs.idle();
    expect(runs.map((run) => run.data)).toEqual([{ n: 2 }]);
  });

  it('runs a job scheduled for +5 minutes on the test clock once, after a restart in between', async () => {
    const clock = new TestClock();
    const job = defineJob<{ reminder: string }>(uniqueName('later'));
    const before = recorder<{ reminder: string }>();
    const first = jobsOn(clock);
    first.register(job, before.handler);
    await first.start({ work: true });
    await first.send(
      job,
      { reminder: 'r1' },
      { runAt: new Date(clock.now().getTime() + 5 * MINUTE) },
    );
    clock.advance(4 * MINUTE);
    expect(await first.tick()).toBe(0);
    await first.idle();
    await first.stop(); // the process goes away

    const after = recorder<{ reminder: string }>();
    const second = jobsOn(clock);
    second.register(job, after.handler);
    await second.start({ work: true });
    expect(await second.tick()).toBe(0);
    clock.advance(MINUTE - SECOND);
    expect(await second.tick()).toBe(0);
    await second.idle();
    expect(after.runs).toEqual([]);

    clock.advance(2 * SECOND);
    expect(await second.tick()).toBe(1);
    await second.idle();
    clock.advance(10 * MINUTE);
    expect(await second.tick()).toBe(0);
    await second.idle();
    expect(before.runs).toEqual([]);
    expect(after.runs.map((run) => run.data)).toEqual([{ reminder: 'r1' }]);
  });

  it('moves a due job once even when the move is repeated (a crash before the row was removed)', async () => {
    const clock = new TestClock();
    const job = defineJob(uniqueName('repeat'));
    const { runs, handler } = recorder();
    const jobs = jobsOn(clock);
    jobs.register(job, handler);
    await jobs.start({ work: true });
    const id = await jobs.send(job, {}, { runAt: new Date(clock.now().getTime() + MINUTE) });
    if (!id) throw new Error('not scheduled');
    const [row] = await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.id, id));
    if (!row) throw new Error('no row');
    clock.advance(MINUTE);
    expect(await jobs.tick()).toBe(1);
    await jobs.idle();
    // The same row again, as if the first move had not removed it.
    await database.db.insert(scheduledJobs).values(row);
    expect(await jobs.tick()).toBe(1);
    await jobs.idle();
    expect(runs.map((run) => run.context.id)).toEqual([id]);
  });

  it('keeps one waiting job per singleton key, at the earlier time', async () => {
    const clock = new TestClock();
    const job = defineJob<{ n: number }>(uniqueName('singleton'));
    const { runs, handler } = recorder<{ n: number }>();
    const jobs = jobsOn(clock);
    jobs.register(job, handler);
    await jobs.start({ work: true });
    const at = (ms: number) => ({ runAt: new Date(clock.now().getTime() + ms), singletonKey: 'k' });
    const first = await jobs.send(job, { n: 1 }, at(10 * MINUTE));
    expect(first).not.toBeNull();
    expect(await jobs.send(job, { n: 2 }, at(20 * MINUTE))).toBeNull();
    expect(await jobs.send(job, { n: 3 }, at(5 * MINUTE))).toBeNull();
    const [waiting] = await database.db
      .select({ count: count() })
      .from(scheduledJobs)
      .where(eq(scheduledJobs.name, job.name));
    expect(waiting?.count).toBe(1);
    clock.advance(5 * MINUTE);
    expect(await jobs.tick()).toBe(1);
    await jobs.idle();
    expect(runs.map((run) => run.data)).toEqual([{ n: 1 }]);
  });

  it('withdraws waiting jobs by singleton key only when the transaction commits', async () => {
    const clock = new TestClock();
    const job = defineJob<{ n: number }>(uniqueName('withdrawn'));
    const { runs, handler } = recorder<{ n: number }>();
    const jobs = jobsOn(clock);
    jobs.register(job, handler);
    await jobs.start({ work: true });
    const later = (key: string) => ({
      runAt: new Date(clock.now().getTime() + 10 * MINUTE),
      singletonKey: key,
    });
    for (const [n, key] of [
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ] as const) {
      await jobs.send(job, { n }, later(key));
    }
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.unschedule(job, ['a', 'b', 'c'], tx);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');
    await database.db.transaction((tx) => jobs.unschedule(job, ['a', 'c', 'unknown'], tx));
    clock.advance(10 * MINUTE);
    expect(await jobs.tick()).toBe(1);
    await jobs.idle();
    expect(runs.map((run) => run.data)).toEqual([{ n: 2 }]);
  });

  it('retries a failed job with its id and a growing retry count', async () => {
    const job = defineJob(uniqueName('retry'));
    const contexts: JobContext[] = [];
    const jobs = jobsOn();
    jobs.register(
      job,
      async (_data, context) => {
        contexts.push(context);
        if (context.retryCount < 2) throw new Error(`attempt ${context.retryCount} fails`);
      },
      { retryDelaySeconds: 0, retryBackoff: false, pollingIntervalSeconds: 0.5 },
    );
    await jobs.start({ work: true });
    const id = await jobs.send(job, {});
    await waitFor(() => contexts.length === 3);
    await jobs.idle();
    expect(contexts.map((context) => [context.id, context.retryCount])).toEqual([
      [id, 0],
      [id, 1],
      [id, 2],
    ]);
  });

  it('runs a recurring job every period of the injected clock', async () => {
    const clock = new TestClock();
    const job = defineJob(uniqueName('every'));
    const { runs, handler } = recorder();
    const jobs = jobsOn(clock);
    jobs.register(job, handler, { every: { ms: MINUTE, firstRunAtStart: true } });
    await jobs.start({ work: true });
    await jobs.idle();
    expect(runs).toHaveLength(1);
    clock.advance(30 * SECOND);
    await jobs.idle();
    expect(runs).toHaveLength(1);
    clock.advance(31 * SECOND);
    await jobs.idle();
    expect(runs).toHaveLength(2);
  });

  it('queues jobs sent before the start, and sends without running in a process that does not work', async () => {
    const job = defineJob<{ n: number }>(uniqueName('sender'));
    const sender = jobsOn();
    sender.register(job, async () => {
      throw new Error('a sending process never runs jobs');
    });
    await sender.send(job, { n: 1 }); // before start: waits in scheduled_jobs
    await sender.start({ work: false });
    await sender.send(job, { n: 2 });
    await sender.tick();

    const { runs, handler } = recorder<{ n: number }>();
    const worker = jobsOn();
    worker.register(job, handler);
    await worker.start({ work: true });
    await worker.idle();
    expect(runs.map((run) => run.data.n).sort()).toEqual([1, 2]);
  });
});
