import crypto from 'node:crypto';
import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { appSecrets } from '../lib/app-key.schema.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { AppError } from '../errors/app-error.ts';
import { createJobs, type Jobs } from '../jobs/index.ts';
import { cryptoRandom } from '../lib/random.ts';
import { HOUR, SECOND, TestClock } from '../test/clock.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../test/test-app.ts';
import type { TestBrowser } from '../test/test-browser.ts';
import { signedInCustomer } from '../test/factories.ts';
import { registerIdempotencySweeper } from '../app/background.ts';
import { IDEMPOTENCY_KEY_IN_USE, IDEMPOTENT_REPLAYED_HEADER } from './idempotency.ts';
import { idempotentRoute } from './idempotent-route.ts';

/** A state-changing route that opts in: each run is one `effect:` row, written in a savepoint. */
const route = '/client/v1/test/transfers';
const otherRoute = '/client/v1/test/other-transfers';
const schemalessRoute = '/client/v1/test/schemaless-transfers';
const largeRoute = '/client/v1/test/large-answers';

/** The plugin's clock (key expiry); the app keeps real time, so sessions stay live. */
const clock = new TestClock();
let database: DatabaseHandle;
let testApp: TestApp;
let app: FastifyInstance;
let commits = 0;
const control = { failNext: false, delayMs: 0 };

/** The app registers the plugin (app.ts); here with the test's clock and a commit counter. */
const idempotency = {
  clock,
  afterCommit: () => {
    commits += 1;
  },
};

async function addRoutes(instance: FastifyInstance) {
  const body = z.object({ amount: z.number(), note: z.string().optional() });
  const answer = z.object({ id: z.string(), amount: z.number(), created: z.string() });
  for (const url of [route, otherRoute]) {
    idempotentRoute(instance, {
      method: 'POST',
      url,
      config: { access: 'mfa-pending' },
      schema: { body, response: { 201: answer } },
      status: 201,
      prepare: async (request) => request.body.amount,
      run: async (amount, outer) => {
        // The use case's own transaction: a savepoint inside the plugin's.
        const id = await (outer ?? database.db).transaction(async (tx) => {
          const effect = crypto.randomUUID();
          await tx.insert(appSecrets).values({ name: `effect:${effect}`, value: url });
          if (control.delayMs) await new Promise((resolve) => setTimeout(resolve, control.delayMs));
          if (control.failNext) {
            control.failNext = false;
            throw new AppError('service_unavailable', { message: 'The bank is away.' });
          }
          return effect;
        });
        // Extra keys are dropped by the response schema; the stored body is the serialized one.
        return { id, amount, created: clock.now().toISOString(), extra: 'x' };
      },
    });
  }
}

/** A route without a response schema: its answer is stored as JSON all the same. */
async function addSchemalessRoute(instance: FastifyInstance) {
  idempotentRoute(instance, {
    method: 'POST',
    url: schemalessRoute,
    config: { access: 'mfa-pending' },
    schema: {},
    status: 201,
    prepare: async () => undefined,
    run: async (_, outer) => {
      const effect = crypto.randomUUID();
      await (outer ?? database.db)
        .insert(appSecrets)
        .values({ name: `effect:${effect}`, value: schemalessRoute });
      return { id: effect };
    },
  });
}

/**
 * A route whose answer is as large as a Transaction resource's and larger (confirm's and "I've
 * paid"'s are 10-20 KB): `lines` lines of text, accented letters included, no two alike.
 */
async function addLargeRoute(instance: FastifyInstance) {
  idempotentRoute(instance, {
    method: 'POST',
    url: largeRoute,
    config: { access: 'mfa-pending' },
    schema: { body: z.object({ lines: z.number().int() }) },
    status: 201,
    prepare: async (request) => request.body.lines,
    run: async (lines) => ({
      id: crypto.randomUUID(),
      lines: Array.from(
        { length: lines },
        (_, at) => `línea ${at}: ¿cuánto llega? ${(at * 7919) % 1009} ${crypto.randomUUID()}`,
      ),
    }),
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  testApp = await createTestApp({
    database,
    idempotency,
    beforeReady: async (instance) => {
      await addRoutes(instance);
      await addSchemalessRoute(instance);
      await addLargeRoute(instance);
    },
  });
  app = testApp.app;
});
afterEach(() => {
  control.failNext = false;
  control.delayMs = 0;
});
afterAll(async () => {
  await testApp.close();
  await database.close();
});

const effects = async () => {
  const [row] = await testApp.database.db
    .select({ count: count() })
    .from(appSecrets)
    .where(like(appSecrets.name, 'effect:%'));
  return row?.count ?? 0;
};

const customer = async (): Promise<TestBrowser> =>
  (await signedInCustomer(app, database.db)).browser;

const post = (browser: TestBrowser, payload: unknown, key?: string, url = route) =>
  browser.request('POST', url, payload, key === undefined ? {} : { 'idempotency-key': key });

describe('Idempotency-Key', () => {
  it('without a key, the route runs every time', async () => {
    const browser = await customer();
    const before = await effects();
    expect((await post(browser, { amount: 1 })).statusCode).toBe(201);
    expect((await post(browser, { amount: 1 })).statusCode).toBe(201);
    expect(await effects()).toBe(before + 2);
  });

  it('same key and same request: the stored answer, status and body, and one effect', async () => {
    const browser = await customer();
    const before = await effects();
    const key = crypto.randomUUID();
    const first = await post(browser, { amount: 10, note: 'rent' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(first.json()).not.toHaveProperty('extra');
    clock.advance(SECOND);
    // The same body with its keys in another order is the same request.
    const again = await post(browser, { note: 'rent', amount: 10 }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await effects()).toBe(before + 1);
  });

  it('a route without a response schema is answered and replayed as JSON', async () => {
    const browser = await customer();
    const key = crypto.randomUUID();
    const first = await post(browser, {}, key, schemalessRoute);
    expect(first.statusCode).toBe(201);
    const again = await post(browser, {}, key, schemalessRoute);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('a large answer is stored compressed (lz4 on PostgreSQL) and replayed byte for byte', async () => {
    const browser = await customer();
    const key = crypto.randomUUID();
    const first = await post(browser, { lines: 300 }, key, largeRoute);
    expect(first.statusCode).toBe(201);
    expect(first.body.length).toBeGreaterThan(20_000);
    const again = await post(browser, { lines: 300 }, key, largeRoute);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    // Migration 0020: lz4 where the server has it (PGlite has not: pglz there).
    const [stored] = await testApp.database.db
      .select({
        method: sql<string | null>`pg_column_compression(${idempotencyKeys.response_body})`,
      })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, key));
    expect(stored?.method).toBe(database.kind === 'postgres' ? 'lz4' : 'pglz');
  });

  it('same key, another request: 422 on the key, and nothing runs', async () => {
    const browser = await customer();
    const key = crypto.randomUUID();
    expect((await post(browser, { amount: 10 }, key)).statusCode).toBe(201);
    const before = await effects();
    for (const response of [
      await post(browser, { amount: 11 }, key),
      await post(browser, { amount: 10 }, key, otherRoute),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'This idempotency key was already used for a different request.',
        errors: {
          idempotency_key: ['This idempotency key was already used for a different request.'],
        },
      });
    }
    expect(await effects()).toBe(before);
  });

  it('refuses a malformed key with 422', async () => {
    const browser = await customer();
    for (const key of ['', 'a'.repeat(256), 'with space', 'naïve']) {
      const response = await post(browser, { amount: 1 }, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(422);
      expect(response.json().errors).toHaveProperty('idempotency_key');
    }
    expect((await post(browser, { amount: 1 }, 'a'.repeat(255))).statusCode).toBe(201);
  });

  it('keys belong to a customer: another one with the same key runs its own request', async () => {
    const [ada, bob] = [await customer(), await customer()];
    const before = await effects();
    const key = crypto.randomUUID();
    const first = await post(ada, { amount: 5 }, key);
    const second = await post(bob, { amount: 5 }, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).not.toBe(first.json().id);
    expect(await effects()).toBe(before + 2);
  });

  it('a failed request stores nothing: no effect, and the key is free for the retry', async () => {
    const browser = await customer();
    const before = await effects();
    const commitsBefore = commits;
    const key = crypto.randomUUID();
    control.failNext = true;
    const failed = await post(browser, { amount: 7 }, key);
    expect(failed.statusCode).toBe(503);
    expect(await effects()).toBe(before);
    expect(commits).toBe(commitsBefore);
    const retried = await post(browser, { amount: 7 }, key);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await effects()).toBe(before + 1);
    expect(commits).toBe(commitsBefore + 1);
  });

  it('keeps an answer 24 hours; then the key runs again, and the sweeper removes old keys', async () => {
    const browser = await customer();
    const key = crypto.randomUUID();
    const first = await post(browser, { amount: 3 }, key);
    clock.advance(24 * HOUR - SECOND);
    expect((await post(browser, { amount: 3 }, key)).body).toBe(first.body);
    clock.advance(2 * SECOND);
    const later = await post(browser, { amount: 3 }, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);

    const stale = crypto.randomUUID();
    await post(browser, { amount: 4 }, stale);
    clock.advance(24 * HOUR + SECOND);
    const jobs: Jobs = createJobs({
      database: testApp.database,
      clock,
      random: cryptoRandom,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      tickIntervalMs: 0,
    });
    registerIdempotencySweeper(jobs, { db: testApp.database.db, clock, everyMs: HOUR });
    try {
      await jobs.start({ work: true });
      clock.advance(HOUR);
      await jobs.idle();
      const keys = await testApp.database.db.select().from(idempotencyKeys);
      expect(keys.every((row) => row.expires_at > clock.now())).toBe(true);
      expect(keys.some((row) => row.key === stale)).toBe(false);
    } finally {
      await jobs.stop();
    }
  });

  it('a key another process holds (its advisory lock) is answered 409 on PostgreSQL', async () => {
    const { browser, customerId } = await signedInCustomer(app, database.db);
    const before = await effects();
    const key = crypto.randomUUID();
    const lock = sql`select pg_advisory_xact_lock(hashtextextended(${`idempotency:${customerId}:${key}`}, 0))`;
    const { answered, request } = await database.db.transaction(async (tx) => {
      await tx.execute(lock);
      const request = post(browser, { amount: 2 }, key);
      // On PGlite, one process and one connection, the request waits for this transaction.
      return database.kind === 'postgres' ? { answered: await request } : { request };
    });
    if (answered) {
      expect(answered.statusCode).toBe(409);
      expect(answered.json()).toMatchObject({ type: IDEMPOTENCY_KEY_IN_USE });
      expect(answered.headers['retry-after']).toBe('1');
      expect(await effects()).toBe(before);
    } else {
      expect((await request)?.statusCode).toBe(201);
      expect(await effects()).toBe(before + 1);
    }
    // Once the lock is let go, the key runs (or replays what ran).
    expect((await post(browser, { amount: 2 }, key)).statusCode).toBe(201);
    expect(await effects()).toBe(before + 1);
  });

  it('50 concurrent requests with one key: one effect, and 50 identical answers or 409s', async () => {
    const browser = await customer();
    await browser.get('/sanctum/csrf-cookie');
    const before = await effects();
    const key = crypto.randomUUID();
    control.delayMs = 100;
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post(browser, { amount: 50 }, key)),
    );
    const answered = responses.filter((response) => response.statusCode === 201);
    const busy = responses.filter((response) => response.statusCode === 409);
    expect(answered.length + busy.length).toBe(50);
    expect(answered.length).toBeGreaterThan(0);
    // On both databases the requests that come while the first holds the key are told 409.
    expect(busy.length).toBeGreaterThan(0);
    expect(new Set(answered.map((response) => response.body)).size).toBe(1);
    for (const response of busy) {
      expect(response.json()).toMatchObject({ type: IDEMPOTENCY_KEY_IN_USE });
      expect(response.headers['retry-after']).toBe('1');
    }
    expect(await effects()).toBe(before + 1);
    // After the first has finished, every retry gets the answer.
    const after = await post(browser, { amount: 50 }, key);
    expect(after.statusCode).toBe(201);
    expect(after.body).toBe(answered[0]?.body);
  });
});
