import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { scheduledJobs } from '../jobs/scheduled-jobs.schema.ts';
import { outboxMessages } from './outbox.schema.ts';
import type { Jobs } from '../jobs/index.ts';
import { cryptoRandom } from '../lib/random.ts';
import { SECOND, TestClock } from '../test/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../test/test-jobs.ts';
import { createOutbox, dispatchOutboxJob, type Outbox, type OutboxMessage } from './outbox.ts';

let database: DatabaseHandle;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(scheduledJobs);
});
afterEach(() => stopJobs(started));
afterAll(async () => {
  await database.close();
});

interface Setup {
  clock: TestClock;
  jobs: Jobs;
  outbox: Outbox;
  /** Every delivery, in the order the handler saw them. */
  delivered: OutboxMessage[];
  /** Labels delivered, per aggregate. */
  order(aggregateId: string): string[];
}

/** An outbox with one kind, 'note', whose handler fails while `failing` holds the label. */
function setup(failing = new Set<string>(), maxAttempts?: number): Setup {
  const clock = new TestClock();
  const jobs = testJobs(database, clock, started);
  const outbox = createOutbox({
    db: database.db,
    jobs,
    clock,
    random: cryptoRandom,
    log: silentJobsLog,
    ...(maxAttempts ? { maxAttempts } : {}),
  });
  const delivered: OutboxMessage[] = [];
  outbox.handle('note', async (message) => {
    const label = String(message.payload.label);
    if (failing.has(label)) throw new Error(`${label} cannot be delivered`);
    delivered.push(message);
  });
  return {
    clock,
    jobs,
    outbox,
    delivered,
    order: (aggregateId) =>
      delivered
        .filter((message) => message.aggregateId === aggregateId)
        .map((message) => String(message.payload.label)),
  };
}

const note = (aggregateId: string, label: string) => ({
  aggregateType: 'test',
  aggregateId,
  kind: 'note',
  payload: { label },
});

async function addNotes(outbox: Outbox, ex: Executor, aggregateId: string, labels: string[]) {
  for (const label of labels) await outbox.add(ex, note(aggregateId, label));
}

const rowOf = async (aggregateId: string, label: string) => {
  const rows = await database.db
    .select()
    .from(outboxMessages)
    .where(
      and(eq(outboxMessages.aggregate_type, 'test'), eq(outboxMessages.aggregate_id, aggregateId)),
    );
  return rows.find((row) => row.payload.label === label);
};

describe('the outbox', () => {
  it('delivers committed messages once, in order within each aggregate', async () => {
    const { outbox, delivered, order } = setup();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await database.db.transaction(async (tx) => {
      await addNotes(outbox, tx, a, ['a1', 'a2']);
      await addNotes(outbox, tx, b, ['b1']);
      await addNotes(outbox, tx, a, ['a3']);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await addNotes(outbox, tx, a, ['rolled back']);
        throw new Error('the use case failed');
      }),
    ).rejects.toThrow('the use case failed');

    expect(await outbox.dispatch()).toEqual({ delivered: 4, failed: 0 });
    expect(order(a)).toEqual(['a1', 'a2', 'a3']);
    expect(order(b)).toEqual(['b1']);
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });
    expect(delivered).toHaveLength(4);
    expect(new Set(delivered.map((message) => message.id)).size).toBe(4);
    expect((await rowOf(a, 'a1'))?.dispatched_at).toBeInstanceOf(Date);
  });

  it('retries a failed message with backoff, holding back only its own aggregate', async () => {
    const failing = new Set(['a1']);
    const { clock, outbox, order } = setup(failing);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await database.db.transaction(async (tx) => {
      await addNotes(outbox, tx, a, ['a1', 'a2']);
      await addNotes(outbox, tx, b, ['b1', 'b2']);
    });

    expect(await outbox.dispatch()).toEqual({ delivered: 2, failed: 1 });
    expect(order(b)).toEqual(['b1', 'b2']);
    expect(order(a)).toEqual([]);
    const failed = await rowOf(a, 'a1');
    expect(failed).toMatchObject({ attempts: 1, dispatched_at: null, failed_at: null });
    expect(failed?.last_error).toContain('a1 cannot be delivered');
    // The retry is a dispatch job waiting on the injected clock.
    const [retry] = await database.db
      .select()
      .from(scheduledJobs)
      .where(
        and(
          eq(scheduledJobs.name, dispatchOutboxJob.name),
          eq(scheduledJobs.singleton_key, 'retry'),
        ),
      );
    expect(retry?.run_at).toEqual(failed?.next_attempt_at);

    // Not before its time (1 s), then again after it (and the wait doubles).
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });
    clock.advance(SECOND);
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 1 });
    expect((await rowOf(a, 'a1'))?.attempts).toBe(2);
    clock.advance(SECOND);
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });

    failing.clear();
    clock.advance(SECOND);
    expect(await outbox.dispatch()).toEqual({ delivered: 2, failed: 0 });
    expect(order(a)).toEqual(['a1', 'a2']);
    expect(await rowOf(a, 'a1')).toMatchObject({ attempts: 3 });
  });

  it('gives a message up after its last attempt, and its aggregate moves on', async () => {
    const { clock, outbox, order } = setup(new Set(['a1']), 2);
    const a = crypto.randomUUID();
    await addNotes(outbox, database.db, a, ['a1', 'a2']);
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 1 });
    clock.advance(SECOND);
    expect(await outbox.dispatch()).toEqual({ delivered: 1, failed: 1 });
    expect(order(a)).toEqual(['a2']);
    expect((await rowOf(a, 'a1'))?.failed_at).toBeInstanceOf(Date);
  });

  it('delivers again with the same id when the record of a delivery was lost', async () => {
    const { outbox, delivered } = setup();
    const a = crypto.randomUUID();
    await addNotes(outbox, database.db, a, ['a1']);
    await outbox.dispatch();
    // As if the process died after delivering and before recording it.
    await database.db.update(outboxMessages).set({ dispatched_at: null });
    await outbox.dispatch();
    expect(delivered.map((message) => message.payload.label)).toEqual(['a1', 'a1']);
    expect(delivered[1]?.id).toBe(delivered[0]?.id);
    // What a consumer keys on to keep one copy.
    expect(new Set(delivered.map((message) => message.id)).size).toBe(1);
  });

  it('never overlaps two passes in one process: each message is delivered once, in order', async () => {
    const { outbox, delivered, order } = setup();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await addNotes(outbox, database.db, a, ['a1', 'a2', 'a3']);
    await addNotes(outbox, database.db, b, ['b1', 'b2']);
    const results = await Promise.all(Array.from({ length: 5 }, () => outbox.dispatch()));
    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(5);
    expect(delivered).toHaveLength(5);
    expect(order(a)).toEqual(['a1', 'a2', 'a3']);
    expect(order(b)).toEqual(['b1', 'b2']);
  });

  it('keeps a message whose kind has no handler (yet) and retries it', async () => {
    const { outbox } = setup();
    const a = crypto.randomUUID();
    await outbox.add(database.db, {
      aggregateType: 'test',
      aggregateId: a,
      kind: 'fax',
      payload: {},
    });
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 1 });
    const [row] = await database.db.select().from(outboxMessages);
    expect(row?.last_error).toContain('no outbox handler for kind fax');
    expect(row?.failed_at).toBeNull();
  });

  it('is dispatched by the job: at start, and after a kick following the commit', async () => {
    const { jobs, outbox, order } = setup();
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    await database.db.transaction((tx) => addNotes(outbox, tx, a, ['a1', 'a2']));
    await jobs.start({ work: true });
    await jobs.idle();
    expect(order(a)).toEqual(['a1', 'a2']);

    await database.db.transaction((tx) => addNotes(outbox, tx, b, ['b1', 'b2', 'b3']));
    outbox.kick();
    outbox.kick();
    await jobs.idle();
    expect(order(b)).toEqual(['b1', 'b2', 'b3']);
    expect(order(a)).toEqual(['a1', 'a2']);
  });
});
