import crypto from 'node:crypto';
import { transactionSchema } from '@corridor/contracts';
import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { apiText } from './i18n/index.ts';
import {
  confirm,
  confirmBody,
  freshRate,
  indianRecipient,
  quoteTo,
  readySender,
} from './modules/transfers/transfers-test-kit.ts';
import { TestClock } from './test/clock.ts';
import { createStatementCounter } from './test/statement-count.ts';
import { testEnvironment } from './test/test-config.ts';
import { createTestApp, createTestDatabase, type TestApp } from './test/test-app.ts';
import { waitFor } from './test/wait-for.ts';

/**
 * Issue 29, defect 1: a server whose database connections are all busy answers 503 with
 * Retry-After and the API's error envelope, logged as a warning, never a 500; an idempotent
 * request refused so is retried with its key and succeeds, once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The confirm of a ready sender's saved quote, on `testApp`, with its Idempotency-Key. */
async function confirmReady(testApp: TestApp, clock: TestClock) {
  const { app, database } = testApp;
  await freshRate(database.db, clock);
  const { browser } = await readySender(app, database.db, clock);
  const recipient = await indianRecipient(browser, database.db);
  const quote = await quoteTo(browser, recipient);
  const key = crypto.randomUUID();
  return { send: () => confirm(browser, quote.id, confirmBody(quote), key) };
}

describe.runIf(Boolean(testEnvironment.databaseUrl))(
  'a PostgreSQL pool with no free connection',
  () => {
    it('answers 503 with Retry-After, and the same key succeeds once a connection is free', async () => {
      const clock = new TestClock();
      // One connection, and a connect timeout long enough for a busy machine's setup statements.
      const database = await createTestDatabase(createStatementCounter(), {
        poolSize: 1,
        connectTimeoutMs: 2000,
      });
      cleanups.push(() => database.close());
      const testApp = await createTestApp({ clock, database, startJobs: false });
      cleanups.push(() => testApp.close());
      const { send } = await confirmReady(testApp, clock);

      // Something else holds the pool's only connection (a long use case, a burst of them).
      const pool = (database.db as unknown as { $client: pg.Pool }).$client;
      const held = await pool.connect();
      let busy;
      try {
        busy = await send();
      } finally {
        held.release();
      }
      expect(busy.statusCode, busy.body).toBe(503);
      expect(busy.headers['retry-after']).toBe('1');
      expect(busy.json()).toEqual({ message: apiText('http.serverBusy') });
      const logged = testApp.logs().filter((line) => line.msg === apiText('http.serverBusy'));
      expect(logged.map((line) => line.level)).toEqual([40]);
      expect(testApp.logs().filter((line) => Number(line.level) >= 50)).toEqual([]);

      // The refused request left nothing behind: its retry with the same key confirms, and a
      // repeat replays that answer.
      const retried = await send();
      expect(retried.statusCode, retried.body).toBe(201);
      const replayed = await send();
      expect(replayed.statusCode).toBe(201);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(transactionSchema.parse(replayed.json()).id).toBe(
        transactionSchema.parse(retried.json()).id,
      );
    });
  },
);

describe.runIf(!testEnvironment.databaseUrl)('the embedded database, busy', () => {
  it('queues a request behind the transaction that holds its one session, then answers it', async () => {
    // PGlite has one session and no pool: statements wait their turn in its own queue, with no
    // connect timeout, so nothing answers 503 (nor 500); the request is answered once it is free.
    const clock = new TestClock();
    const testApp = await createTestApp({ clock, startJobs: false });
    cleanups.push(() => testApp.close());
    const { send } = await confirmReady(testApp, clock);

    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = testApp.database.db.transaction(async () => {
      holding();
      await released;
    });
    await held;
    const before = testApp.statements.count();
    let answered = false;
    const response = send().finally(() => {
      answered = true;
    });
    // The request has sent its first statement, which waits for the session.
    await waitFor(() => testApp.statements.count() > before);
    expect(answered).toBe(false);
    release();
    await holder;
    const confirmed = await response;
    expect(confirmed.statusCode, confirmed.body).toBe(201);
  });
});
