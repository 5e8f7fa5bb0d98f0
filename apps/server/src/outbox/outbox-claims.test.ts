import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { Jobs } from '../jobs/index.ts';
import { scheduledJobs } from '../jobs/scheduled-jobs.schema.ts';
import { cryptoRandom } from '../lib/random.ts';
import { SECOND, TestClock } from '../test/clock.ts';
import { testEnvironment } from '../test/test-config.ts';
import { CONDITION_DEADLINE_MS } from '../test/wait-for.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../test/test-jobs.ts';
import { outboxRepository } from './outbox.repository.ts';
import { outboxMessages } from './outbox.schema.ts';
import { createOutbox, type OutboxHandler } from './outbox.ts';

/**
 * Issue 29, defect 3: passes run in every process (after each commit, and the job in one), so
 * two processes could hand one message to its handler at once. A round claims what it reads
 * (decision 42): two dispatchers on one database deliver each message once, in order per
 * aggregate, and a crashed dispatcher's claims are taken over once its lease runs out.
 */

let database: DatabaseHandle;
const started: Jobs[] = [];
const LEASE_MS = 60 * SECOND;

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

/** A process's dispatcher: its own outbox and jobs on the shared database and shared time. */
function dispatcher(clock: TestClock, handler: OutboxHandler, roundSize = 100) {
  const outbox = createOutbox({
    db: database.db,
    jobs: testJobs(database, clock, started),
    clock,
    random: cryptoRandom,
    log: silentJobsLog,
    roundSize,
    claimLeaseMs: LEASE_MS,
  });
  outbox.handle('note', handler);
  return outbox;
}

/** `count` aggregates with `each` notes apiece, written interleaved, in one transaction. */
async function addInterleaved(count: number, each: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  const writer = dispatcher(new TestClock(), async () => undefined);
  await database.db.transaction(async (tx) => {
    for (let n = 1; n <= each; n += 1) {
      for (const id of ids) {
        await writer.add(tx, {
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

/**
 * What every handler saw, shared by the dispatchers as a consumer would be. With `meet`, the
 * first message of each of those dispatchers waits until every one of them has started one: a
 * dispatcher holding its first round open while another claims and delivers is what "side by
 * side" means, where left to the scheduler one of them had once taken every round (CI, on a busy
 * machine). The wait ends at the test's condition deadline; the dispatchers' names are asserted
 * after it.
 */
function consumer(meet: readonly string[] = []) {
  const handled: { id: string; aggregateId: string; n: number; by: string }[] = [];
  const inFlight = new Set<string>();
  const overlaps: string[] = [];
  const started = new Set<string>();
  let allStarted: () => void = () => undefined;
  const met = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const meetOnce = async (by: string) => {
    if (!meet.includes(by) || started.has(by)) return;
    started.add(by);
    if (meet.every((name) => started.has(name))) allStarted();
    let deadline: NodeJS.Timeout | undefined;
    await Promise.race([
      met,
      new Promise((resolve) => {
        deadline = setTimeout(resolve, CONDITION_DEADLINE_MS);
      }),
    ]);
    clearTimeout(deadline);
  };
  const handlerFor =
    (by: string): OutboxHandler =>
    async (message) => {
      await meetOnce(by);
      if (inFlight.has(message.aggregateId)) overlaps.push(message.aggregateId);
      inFlight.add(message.aggregateId);
      handled.push({
        id: message.id,
        aggregateId: message.aggregateId,
        n: Number(message.payload.n),
        by,
      });
      // Hand the event loop over, so the other dispatcher's statements run meanwhile.
      await new Promise((resolve) => setTimeout(resolve, crypto.randomInt(0, 3)));
      inFlight.delete(message.aggregateId);
    };
  const orderOf = (aggregateId: string) =>
    handled.filter((entry) => entry.aggregateId === aggregateId).map((entry) => entry.n);
  return { handled, overlaps, handlerFor, orderOf };
}

const undelivered = async () =>
  (await database.db.select().from(outboxMessages)).filter((row) => row.dispatched_at === null)
    .length;

describe('two dispatchers on one database', () => {
  it('deliver every message exactly once, in order per aggregate, side by side', async () => {
    const clock = new TestClock();
    const { handled, overlaps, handlerFor, orderOf } = consumer(['first', 'second']);
    // Small rounds, so both take part in every burst.
    const first = dispatcher(clock, handlerFor('first'), 20);
    const second = dispatcher(clock, handlerFor('second'), 20);
    const ids = await addInterleaved(30, 8);
    // More commits while they dispatch, as the API's requests would make.
    const later = addInterleaved(10, 5);
    const passes: Promise<unknown>[] = [];
    for (let round = 0; round < 6; round += 1) passes.push(first.dispatch(), second.dispatch());
    ids.push(...(await later));
    await Promise.all(passes);
    while ((await undelivered()) > 0) await Promise.all([first.dispatch(), second.dispatch()]);

    expect(handled).toHaveLength(30 * 8 + 10 * 5);
    expect(new Set(handled.map((entry) => entry.id)).size).toBe(handled.length);
    for (const [index, id] of ids.entries()) {
      const each = index < 30 ? 8 : 5;
      expect(orderOf(id)).toEqual(Array.from({ length: each }, (_, n) => n + 1));
    }
    // One aggregate is never in two handlers at once, whichever process holds it.
    expect(overlaps).toEqual([]);
    expect(new Set(handled.map((entry) => entry.by))).toEqual(new Set(['first', 'second']));
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((row) => row.attempts === 1 && row.claimed_until === null)).toBe(true);
  });

  it('take over a crashed dispatcher’s claim once its lease has run out', async () => {
    const clock = new TestClock();
    const { handled, orderOf } = consumer();
    const seen: OutboxHandler = async (message) => {
      handled.push({
        id: message.id,
        aggregateId: message.aggregateId,
        n: Number(message.payload.n),
        by: 'survivor',
      });
    };
    const survivor = dispatcher(clock, seen, 3);
    const [claimedAway = '', free = ''] = await addInterleaved(2, 3);
    // The crashed process's round (of one message): its claim statement took the first
    // aggregate's head, then the process died before delivering or recording anything.
    const crashedRound = await outboxRepository.claimDue(
      database.db,
      clock.now(),
      1,
      new Date(clock.now().getTime() + LEASE_MS),
    );
    expect(crashedRound.map((row) => row.aggregate_id)).toEqual([claimedAway]);

    // While the lease holds, the other aggregate goes and the claimed one waits whole: its later
    // messages are not delivered while its head is claimed elsewhere.
    while ((await survivor.dispatch()).delivered > 0);
    expect(orderOf(free)).toEqual([1, 2, 3]);
    expect(orderOf(claimedAway)).toEqual([]);
    // The dispatch job is told to wake when the lease runs out.
    expect(await outboxRepository.nextRetryAt(database.db, clock.now())).toEqual(
      crashedRound[0]?.claimed_until,
    );

    clock.advance(LEASE_MS);
    while ((await survivor.dispatch()).delivered > 0);
    expect(orderOf(claimedAway)).toEqual([1, 2, 3]);
    expect(await undelivered()).toBe(0);
  });
});

describe('a round that outlives its lease', () => {
  it('starts no message after the lease, and gives back what it did not start', async () => {
    const clock = new TestClock();
    const { handled, orderOf } = consumer();
    const slow = dispatcher(clock, async (message) => {
      handled.push({
        id: message.id,
        aggregateId: message.aggregateId,
        n: Number(message.payload.n),
        by: 'slow',
      });
      // This delivery took the whole lease: another process may hold the rest by now.
      if (message.payload.n === 1) clock.advance(LEASE_MS);
    });
    const [only = ''] = await addInterleaved(1, 3);
    expect(await slow.dispatch()).toEqual({ delivered: 1, failed: 0 });
    expect(orderOf(only)).toEqual([1]);
    // Its claim on the two it never started ended with the round, so they go at once.
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.map((row) => row.claimed_until)).toEqual([null, null, null]);
    expect(await slow.dispatch()).toEqual({ delivered: 2, failed: 0 });
    expect(orderOf(only)).toEqual([1, 2, 3]);
  });
});

describe.runIf(Boolean(testEnvironment.databaseUrl))('a claim under way in another process', () => {
  it('holds back the rest of its aggregate until it is taken or given back', async () => {
    const clock = new TestClock();
    const { handlerFor, orderOf } = consumer();
    const outbox = dispatcher(clock, handlerFor('this'));
    const [busy = '', free = ''] = await addInterleaved(2, 2);
    // Another process's claim statement has locked the busy aggregate's head and not ended yet:
    // this round skips that row and must not take the message behind it.
    const [head] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.aggregate_id, busy))
      .orderBy(outboxMessages.sequence)
      .limit(1);
    // Another connection of the pool, as another process's would be.
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      await other.query('begin');
      await other.query('select id from outbox_messages where id = $1 for update', [head?.id]);
      expect((await outbox.dispatch()).delivered).toBe(2);
      expect(orderOf(free)).toEqual([1, 2]);
      expect(orderOf(busy)).toEqual([]);
      // It gave the row back without claiming it (its round ended another way).
      await other.query('rollback');
      expect((await outbox.dispatch()).delivered).toBe(2);
      expect(orderOf(busy)).toEqual([1, 2]);
    } finally {
      other.release();
    }
  });
});

describe('a claim', () => {
  it('is a HOT update: it sets only claimed_until, which no index holds (migration 0021)', async () => {
    await addInterleaved(3, 1);
    const clock = new TestClock();
    const { claimed, hot } = await database.db.transaction(async (tx) => {
      // The transaction's own statistics: its HOT updates of the outbox so far.
      const hotSoFar = async () => {
        const { rows } = (await tx.execute(
          sql`select pg_stat_get_xact_tuples_hot_updated('outbox_messages'::regclass) as hot`,
        )) as unknown as { rows: { hot: string }[] };
        return Number(rows[0]?.hot);
      };
      const before = await hotSoFar();
      const round = await outboxRepository.claimDue(
        tx,
        clock.now(),
        10,
        new Date(clock.now().getTime() + LEASE_MS),
      );
      return { claimed: round.length, hot: (await hotSoFar()) - before };
    });
    expect(claimed).toBe(3);
    expect(hot).toBe(3);
  });
});
