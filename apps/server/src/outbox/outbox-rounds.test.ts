import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { Jobs } from '../jobs/index.ts';
import { scheduledJobs } from '../jobs/scheduled-jobs.schema.ts';
import { cryptoRandom } from '../lib/random.ts';
import { createUnitOfWork } from '../lib/unit-of-work.ts';
import { TestClock } from '../test/clock.ts';
import { createStatementCounter } from '../test/statement-count.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../test/test-jobs.ts';
import { outboxMessages } from './outbox.schema.ts';
import { createOutbox, type CreateOutboxOptions, type OutboxHandler } from './outbox.ts';

/** How a pass works in rounds (outbox.ts): its statements, its order across rounds, its lanes. */

const statements = createStatementCounter();
let database: DatabaseHandle;
const started: Jobs[] = [];

beforeAll(async () => {
  database = await createTestDatabase(statements);
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(scheduledJobs);
});
afterEach(() => stopJobs(started));
afterAll(async () => {
  await database.close();
});

function outboxWith(handler: OutboxHandler, more: Partial<CreateOutboxOptions> = {}) {
  const clock = new TestClock();
  const outbox = createOutbox({
    db: database.db,
    jobs: testJobs(database, clock, started),
    clock,
    random: cryptoRandom,
    log: silentJobsLog,
    ...more,
  });
  outbox.handle('note', handler);
  return outbox;
}

/** `count` aggregates with `each` notes apiece, written interleaved (a1 b1 c1 … a2 b2 c2 …). */
async function addInterleaved(
  outbox: ReturnType<typeof outboxWith>,
  count: number,
  each: number,
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  await database.db.transaction(async (tx) => {
    for (let n = 1; n <= each; n += 1) {
      for (const id of ids) {
        await outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: id,
          kind: 'note',
          payload: { n },
        });
      }
    }
  });
  return ids;
}

/** Every delivery, grouped per aggregate in the order the handler saw them. */
function recorder() {
  const seen = new Map<string, number[]>();
  const handler: OutboxHandler = async (message) => {
    const list = seen.get(message.aggregateId) ?? [];
    list.push(Number(message.payload.n));
    seen.set(message.aggregateId, list);
  };
  return { seen, handler };
}

describe('a dispatch pass in rounds', () => {
  it('reads and records a round of 100 messages in a few statements', async () => {
    const { seen, handler } = recorder();
    const outbox = outboxWith(handler);
    // 40 aggregates of 2 or 3 messages: 100 in all, one full round.
    const ids = await addInterleaved(outbox, 20, 3);
    ids.push(...(await addInterleaved(outbox, 20, 2)));

    const sent = await statements.during(async () => {
      expect(await outbox.dispatch()).toEqual({ delivered: 100, failed: 0 });
    });
    // The budget: one read of the round, one update recording it, one read that finds the
    // outbox empty after a full round (no retry look-up: nothing failed, no job ran it).
    expect(sent.length).toBeLessThanOrEqual(5);
    for (const id of ids.slice(0, 20)) expect(seen.get(id)).toEqual([1, 2, 3]);
    for (const id of ids.slice(20)) expect(seen.get(id)).toEqual([1, 2]);

    // Per round, not per message: 250 messages take three rounds.
    await addInterleaved(outbox, 50, 5);
    const more = await statements.during(async () => {
      expect(await outbox.dispatch()).toEqual({ delivered: 250, failed: 0 });
    });
    expect(more.length).toBeLessThanOrEqual(3 * 2);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((row) => row.dispatched_at !== null && row.attempts === 1)).toBe(true);
  });

  it('keeps each aggregate in order when a round cuts its run', async () => {
    const { seen, handler } = recorder();
    const outbox = outboxWith(handler, { roundSize: 4, batchSize: 2 });
    const ids = await addInterleaved(outbox, 3, 5);
    expect(await outbox.dispatch()).toEqual({ delivered: 15, failed: 0 });
    for (const id of ids) expect(seen.get(id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('holds back the rest of a failing aggregate’s run, and delivers the others', async () => {
    const { seen, handler } = recorder();
    let stuck = '';
    const outbox = outboxWith(async (message) => {
      if (message.aggregateId === stuck && message.payload.n === 2) throw new Error('down');
      await handler(message);
    });
    const [first = '', ...others] = await addInterleaved(outbox, 5, 3);
    stuck = first;
    expect(await outbox.dispatch()).toEqual({ delivered: 13, failed: 1 });
    expect(seen.get(stuck)).toEqual([1]);
    for (const id of others) expect(seen.get(id)).toEqual([1, 2, 3]);
    const undelivered = await database.db.select().from(outboxMessages);
    expect(
      undelivered.filter((row) => row.dispatched_at === null).map((row) => row.payload.n),
    ).toEqual(expect.arrayContaining([2, 3]));
    expect(undelivered.filter((row) => row.dispatched_at === null)).toHaveLength(2);
  });

  it('delivers to at most batchSize aggregates at once, side by side', async () => {
    let inFlight = 0;
    let most = 0;
    const outbox = outboxWith(
      async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        // Yield to the event loop so the other lanes get their turn.
        await new Promise((resolve) => setImmediate(resolve));
        inFlight -= 1;
      },
      { batchSize: 3 },
    );
    await addInterleaved(outbox, 10, 2);
    expect(await outbox.dispatch()).toEqual({ delivered: 20, failed: 0 });
    expect(most).toBe(3);
  });

  it('lets the calls made during a pass share the one pass that waits after it', async () => {
    let release: () => void = () => undefined;
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const handing = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const { seen, handler } = recorder();
    let first = true;
    const outbox = outboxWith(async (message) => {
      if (first) {
        first = false;
        entered();
        await blocked;
      }
      await handler(message);
    });
    const [a] = await addInterleaved(outbox, 1, 1);
    const running = outbox.dispatch();
    // The pass has read its round and is handing it over.
    await handing;
    // Committed while the pass runs: the calls after it wait for one more pass, together.
    const [b] = await addInterleaved(outbox, 1, 2);
    const joined = [outbox.dispatch(), outbox.dispatch(), outbox.dispatch()];
    release();
    expect(await running).toEqual({ delivered: 1, failed: 0 });
    const results = await Promise.all(joined);
    expect(results).toEqual([
      { delivered: 2, failed: 0 },
      { delivered: 2, failed: 0 },
      { delivered: 2, failed: 0 },
    ]);
    expect(seen.get(a ?? '')).toEqual([1]);
    expect(seen.get(b ?? '')).toEqual([1, 2]);
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });
  });

  it('is not read after a use case that added no message', async () => {
    const { seen, handler } = recorder();
    const outbox = outboxWith(handler);
    const uow = createUnitOfWork(
      database.db,
      async () => {
        await outbox.dispatch();
      },
      () => outbox.addedCount(),
    );
    const aggregateId = crypto.randomUUID();
    const quiet = await statements.during(() =>
      uow.run((tx) => tx.select().from(scheduledJobs).limit(1)),
    );
    expect(quiet.filter((text) => text.includes('outbox_messages'))).toEqual([]);

    await uow.run((tx) =>
      outbox.add(tx, { aggregateType: 'test', aggregateId, kind: 'note', payload: { n: 1 } }),
    );
    // Delivered before run answered: after the commit, in the use case's own pass.
    expect(seen.get(aggregateId)).toEqual([1]);
  });

  it('is delivered after a batch that leaves the delivery, which returns without waiting', async () => {
    const { seen, handler } = recorder();
    const outbox = outboxWith(handler);
    // The delivery waits until the test lets it run: a batch must answer before then.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const deliveries: Promise<void>[] = [];
    const uow = createUnitOfWork(
      database.db,
      () => {
        const delivery = held.then(async () => {
          await outbox.dispatch();
        });
        deliveries.push(delivery);
        return delivery;
      },
      () => outbox.addedCount(),
    );
    const aggregateId = crypto.randomUUID();
    let committed = false;
    const answer = await uow.runLeavingDelivery(async (tx) => {
      await outbox.add(tx, { aggregateType: 'test', aggregateId, kind: 'note', payload: { n: 1 } });
      uow.afterCommit(tx, async () => {
        committed = true;
      });
      return 'done';
    });
    expect(answer).toBe('done');
    // The commit's effects ran before it answered; the delivery had started, not ended.
    expect(committed).toBe(true);
    expect(deliveries).toHaveLength(1);
    expect(seen.get(aggregateId)).toBeUndefined();
    release();
    await Promise.all(deliveries);
    expect(seen.get(aggregateId)).toEqual([1]);
  });
});
