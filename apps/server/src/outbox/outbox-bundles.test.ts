import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import type { Jobs } from '../jobs/index.ts';
import { cryptoRandom } from '../lib/random.ts';
import { TestClock } from '../test/clock.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { silentJobsLog, stopJobs, testJobs } from '../test/test-jobs.ts';
import { bundleKindOf, bundleRows } from './outbox-bundles.ts';
import { outboxMessages } from './outbox.schema.ts';
import type { NewOutboxRow } from './outbox.repository.ts';
import { createOutbox, type Outbox, type OutboxMessage } from './outbox.ts';

// Decision 68: a gathered use case's messages of a bundled kind to one aggregate are one row,
// delivered in their order; every other message is written and delivered as before.

const at = new Date('2026-11-30T12:00:00Z');
const row = (aggregateId: string, kind: string, label: string): NewOutboxRow => ({
  id: `${aggregateId}-${label}`,
  aggregateType: 'test',
  aggregateId,
  kind,
  payload: { label },
  createdAt: at,
});

describe('bundleRows', () => {
  it('makes each aggregate’s consecutive messages of a bundled kind one row, where the first stood', () => {
    const written = bundleRows(
      [
        row('a', 'note', '1'),
        row('b', 'note', '1'),
        row('a', 'note', '2'),
        row('a', 'mail', 'm'),
        row('a', 'note', '3'),
        row('a', 'note', '4'),
        row('b', 'mail', 'm'),
        row('c', 'mail', 'm1'),
        row('c', 'mail', 'm2'),
      ],
      new Set(['note']),
    );
    expect(written.map(({ aggregateId, kind, payload }) => [aggregateId, kind, payload])).toEqual([
      ['a', 'note.bundle', { messages: [{ label: '1' }, { label: '2' }] }],
      // A bundle of one is the message itself.
      ['b', 'note', { label: '1' }],
      // Another kind between two ends the bundle before it: the aggregate's order holds.
      ['a', 'mail', { label: 'm' }],
      ['a', 'note.bundle', { messages: [{ label: '3' }, { label: '4' }] }],
      ['b', 'mail', { label: 'm' }],
      // A kind not bundled stays a row a message.
      ['c', 'mail', { label: 'm1' }],
      ['c', 'mail', { label: 'm2' }],
    ]);
    expect(written[0]?.id).toBe('a-1');
    expect(bundleKindOf('note')).toBe('note.bundle');
  });
});

describe('a gathered use case’s bundled messages', () => {
  let database: DatabaseHandle;
  const started: Jobs[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  beforeEach(async () => {
    await database.db.delete(outboxMessages);
  });
  afterEach(() => stopJobs(started));
  afterAll(async () => {
    await database.close();
  });

  function setup(failing = new Set<string>()) {
    const clock = new TestClock();
    const outbox = createOutbox({
      db: database.db,
      jobs: testJobs(database, clock, started),
      clock,
      random: cryptoRandom,
      log: silentJobsLog,
    });
    /** What the handlers were given: one entry a call, its messages' labels and ids. */
    const calls: { handler: string; labels: string[]; ids: string[] }[] = [];
    const record = (handler: string, messages: readonly OutboxMessage[]) => {
      for (const message of messages) {
        const label = `${message.aggregateId}:${message.payload.label}`;
        if (failing.has(label)) throw new Error(`${label} cannot be delivered`);
      }
      calls.push({
        handler,
        labels: messages.map((message) => `${message.aggregateId}:${message.payload.label}`),
        ids: messages.map((message) => message.id),
      });
    };
    outbox.handle('note', async (message) => void record('one', [message]), {
      bundle: async (messages) => {
        expect(messages.every((message) => message.kind === 'note')).toBe(true);
        record('bundle', messages);
      },
    });
    outbox.handle('mail', async (message) => void record('mail', [message]));
    return { outbox, calls };
  }

  it('are written as one row and delivered in order, each with an id of its own', async () => {
    const { outbox, calls } = setup();
    await database.db.transaction((tx) =>
      outbox.gather(tx, async () => {
        for (const label of ['1', '2', '3']) {
          await outbox.add(tx, {
            aggregateType: 'test',
            aggregateId: 'a',
            kind: 'note',
            payload: { label },
          });
        }
        await outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: 'b',
          kind: 'note',
          payload: { label: '1' },
        });
        await outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: 'a',
          kind: 'mail',
          payload: { label: 'm' },
        });
        await outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: 'a',
          kind: 'note',
          payload: { label: '4' },
        });
      }),
    );
    const rows = await database.db
      .select({ kind: outboxMessages.kind, id: outboxMessages.id })
      .from(outboxMessages)
      .orderBy(asc(outboxMessages.sequence));
    expect(rows.map((written) => written.kind)).toEqual(['note.bundle', 'note', 'mail', 'note']);

    expect(await outbox.dispatch()).toEqual({ delivered: 4, failed: 0 });
    const ofA = calls.filter((call) => call.labels.some((label) => label.startsWith('a:')));
    expect(ofA.map(({ handler, labels }) => [handler, labels])).toEqual([
      ['bundle', ['a:1', 'a:2', 'a:3']],
      ['mail', ['a:m']],
      ['one', ['a:4']],
    ]);
    expect(calls).toContainEqual(expect.objectContaining({ handler: 'one', labels: ['b:1'] }));
    const bundleId = rows[0]?.id;
    expect(ofA[0]?.ids).toEqual([`${bundleId}/0`, `${bundleId}/1`, `${bundleId}/2`]);
    // Delivered once: a second pass finds nothing.
    expect(await outbox.dispatch()).toEqual({ delivered: 0, failed: 0 });
  });

  it('are written one a row by a use case that does not gather', async () => {
    const { outbox } = setup();
    await database.db.transaction(async (tx) => {
      for (const label of ['1', '2']) {
        await outbox.add(tx, {
          aggregateType: 'test',
          aggregateId: 'a',
          kind: 'note',
          payload: { label },
        });
      }
    });
    const rows = await database.db.select({ kind: outboxMessages.kind }).from(outboxMessages);
    expect(rows.map((written) => written.kind)).toEqual(['note', 'note']);
  });
  /** One gathered commit of notes to aggregate `a`. */
  const commit = (outbox: Outbox, labels: string[]) =>
    database.db.transaction((tx) =>
      outbox.gather(tx, async () => {
        for (const label of labels) {
          await outbox.add(tx, {
            aggregateType: 'test',
            aggregateId: 'a',
            kind: 'note',
            payload: { label },
          });
        }
      }),
    );

  it('of several commits go to the bundle handler in one call, in order', async () => {
    const { outbox, calls } = setup();
    await commit(outbox, ['1', '2']);
    await commit(outbox, ['3']);
    await commit(outbox, ['4', '5']);
    expect(await outbox.dispatch()).toEqual({ delivered: 3, failed: 0 });
    expect(calls.map(({ handler, labels }) => [handler, labels])).toEqual([
      ['bundle', ['a:1', 'a:2', 'a:3', 'a:4', 'a:5']],
    ]);
  });

  it('go one row at a time once a call together failed, each failure its own', async () => {
    const { outbox, calls } = setup(new Set(['a:3']));
    await commit(outbox, ['1', '2']);
    await commit(outbox, ['3', '4']);
    await commit(outbox, ['5']);
    // The first row alone is delivered; the second fails and holds the aggregate's last.
    expect(await outbox.dispatch()).toEqual({ delivered: 1, failed: 1 });
    expect(calls.map(({ handler, labels }) => [handler, labels])).toEqual([
      ['bundle', ['a:1', 'a:2']],
    ]);
    const [failed] = await database.db
      .select({ attempts: outboxMessages.attempts, error: outboxMessages.last_error })
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, 'note.bundle'))
      .orderBy(desc(outboxMessages.sequence))
      .limit(1);
    expect(failed).toEqual({ attempts: 1, error: 'Error: a:3 cannot be delivered' });
  });
});
