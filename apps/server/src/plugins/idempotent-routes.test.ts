/**
 * The four answers of an Idempotency-Key (docs/decisions/0014-idempotency-keys.md) on each route
 * that takes one, through the real app: the stored answer replayed, another request refused, a
 * running key refused, and the answer stored in the effect's transaction.
 *
 * Test-only triggers on the tables the routes write count their effects and, when switched on,
 * make a write fail: an effect that fails, or a stored answer that cannot be written.
 */
import crypto from 'node:crypto';
import { apiPaths, recipientSchema, type PayoutChannel } from '@corridor/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '../modules/countries/countries.schema.ts';
import { fxRates } from '../modules/fx/fx.schema.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { documentsTestFile, handIn, storeFile } from '../modules/documents/documents-test-kit.ts';
import { channelOf, indianBank } from '../modules/recipients/recipients-test-kit.ts';
import { SECOND } from '../test/clock.ts';
import { jpegFile } from '../test/document-files.ts';
import type { TestBrowser } from '../test/test-browser.ts';
import {
  IDEMPOTENCY_KEY_IN_USE,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
} from './idempotency.ts';

const file = documentsTestFile('local', 164);
const db = () => file.testApp.database.db;

type EffectTable = 'quotes' | 'recipients' | 'customer_documents';

/** One customer's request to a route, and another request to it (another body). */
interface Sender {
  browser: TestBrowser;
  send(key: string, which?: 'same' | 'other'): Promise<LightMyRequestResponse>;
}

interface RouteCase {
  route: string;
  /** The table its effect writes. */
  table: EffectTable;
  status: number;
  /** A customer, with what the route needs (a recipient, stored files). */
  sender(): Promise<Sender>;
}

/** Made once, on first use: a route's tests share its customer (each test has its own keys). */
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

const post = (browser: TestBrowser, url: string, body: unknown, key: string) =>
  browser.request('POST', url, body, { [IDEMPOTENCY_KEY_HEADER]: key });

let indiaId: string;
let india: PayoutChannel | undefined;
const indianChannel = async (browser: TestBrowser) =>
  (india ??= await channelOf(browser, db(), 'IN', 'BANK-ACCOUNT'));

const customerWithRecipient = () =>
  once(async () => {
    const { browser } = await file.customer();
    const channel = await indianChannel(browser);
    const added = await browser.post(
      `${apiPaths.addRecipient}?payout_channel_id=${channel.id}`,
      indianBank(channel, 'Asha'),
    );
    expect(added.statusCode, added.body).toBe(201);
    return { browser, channel, recipientId: recipientSchema.parse(added.json()).id };
  });
const quoteCustomer = once(() => file.customer());
const sendMoneyCustomer = customerWithRecipient();
const addingCustomer = once(() => file.customer());
const editingCustomer = customerWithRecipient();

const cases: RouteCase[] = [
  {
    route: 'POST /client/v1/quote',
    table: 'quotes',
    status: 201,
    async sender() {
      const { browser } = await quoteCustomer();
      const bodies = { same: '100.00', other: '101.00' } as const;
      return {
        browser,
        send: (key, which = 'same') =>
          post(browser, apiPaths.quote, { amount: bodies[which], payout_country_id: indiaId }, key),
      };
    },
  },
  {
    route: 'POST /client/v1/recipient/send-money/{id}',
    table: 'quotes',
    status: 201,
    async sender() {
      const { browser, recipientId } = await sendMoneyCustomer();
      const bodies = { same: '100.00', other: '101.00' } as const;
      return {
        browser,
        send: (key, which = 'same') =>
          post(browser, apiPaths.recipientSendMoney(recipientId), { amount: bodies[which] }, key),
      };
    },
  },
  {
    route: 'POST /client/v1/recipients/add',
    table: 'recipients',
    status: 201,
    async sender() {
      const { browser } = await addingCustomer();
      const channel = await indianChannel(browser);
      const names = { same: 'Meera', other: 'Mira' } as const;
      return {
        browser,
        send: (key, which = 'same') =>
          post(
            browser,
            `${apiPaths.addRecipient}?payout_channel_id=${channel.id}`,
            indianBank(channel, names[which]),
            key,
          ),
      };
    },
  },
  {
    route: 'POST /client/v1/recipient/edit/{id}',
    table: 'recipients',
    status: 200,
    async sender() {
      const { browser, channel, recipientId } = await editingCustomer();
      const names = { same: 'Meena', other: 'Mira' } as const;
      return {
        browser,
        send: (key, which = 'same') =>
          post(
            browser,
            apiPaths.editRecipient(recipientId),
            indianBank(channel, names[which]),
            key,
          ),
      };
    },
  },
  {
    route: 'POST /client/v1/document/upload',
    table: 'customer_documents',
    status: 201,
    // A new customer and new files each test: each one hands in their passport.
    async sender() {
      const { browser } = await file.customer();
      const store = (name: string) =>
        storeFile(file.app, browser, 'POI', 'PASSPORT', {
          name,
          type: 'image/jpeg',
          bytes: jpegFile(1200, 800),
        });
      const pages = { same: await store('front.jpg'), other: await store('back.jpg') };
      return {
        browser,
        send: (key, which = 'same') =>
          handIn(browser, 'POI', 'PASSPORT', [pages[which].object_key], {
            [IDEMPOTENCY_KEY_HEADER]: key,
          }),
      };
    },
  },
];

/** Counts each write of the effect tables; a write fails while its table is switched on. */
const TRIGGERS = [
  'create table idempotency_test_effects (id serial primary key, on_table text not null)',
  'create table idempotency_test_failing (on_table text primary key)',
  `create function idempotency_test_effect() returns trigger language plpgsql as $$
  begin
    if exists (select 1 from idempotency_test_failing where on_table = tg_table_name) then
      raise exception 'the test made this write fail';
    end if;
    insert into idempotency_test_effects (on_table) values (tg_table_name);
    return new;
  end $$`,
  ...['quotes', 'recipients', 'customer_documents', 'idempotency_keys'].map(
    (table) => `create trigger idempotency_test_effect after insert or update on ${table}
      for each row execute function idempotency_test_effect()`,
  ),
];

const effects = async (table: EffectTable) => {
  const result = (await db().execute(
    sql`select count(*)::int as n from idempotency_test_effects where on_table = ${table}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
};

const failWritesOn = (table: EffectTable | 'idempotency_keys') =>
  db().execute(sql`insert into idempotency_test_failing (on_table) values (${table})`);

const storedAnswers = async (key: string) => {
  const [row] = await db()
    .select({ count: count() })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.key, key));
  return row?.count ?? 0;
};

/**
 * Runs `during` while a transaction of the test holds what a request needs once it has its key:
 * on PGlite the one connection, on PostgreSQL the stored answers. The request stays running.
 */
const whileHeld = <T>(during: () => Promise<T>) =>
  db().transaction(async (tx) => {
    await tx.execute(sql`lock table idempotency_keys in access exclusive mode`);
    return during();
  });

beforeAll(async () => {
  for (const statement of TRIGGERS) await db().execute(sql.raw(statement));
  const [country] = await db().select().from(countries).where(eq(countries.iso2_alpha, 'IN'));
  if (!country) throw new Error('no India');
  indiaId = country.id;
  const asOf = file.clock.now();
  await db()
    .insert(fxRates)
    .values({
      provider: 'sandbox',
      base_currency: 'GBP',
      quote_currency: 'INR',
      rate: '112.5',
      as_of: asOf,
      fetched_at: asOf,
    })
    .onConflictDoNothing();
});
afterEach(async () => {
  await db().execute(sql`delete from idempotency_test_failing`);
});

describe.each(cases)('Idempotency-Key on $route', ({ table, status, sender }) => {
  it('same key and request: the stored answer with Idempotent-Replayed, one effect', async () => {
    const { send } = await sender();
    const before = await effects(table);
    const key = crypto.randomUUID();
    const first = await send(key);
    expect(first.statusCode, first.body).toBe(status);
    expect(first.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    file.clock.advance(SECOND);
    const again = await send(key);
    expect(again.statusCode).toBe(status);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    expect(await effects(table)).toBe(before + 1);
  });

  it('same key, another request: 422 on the key, and nothing runs', async () => {
    const { send } = await sender();
    const key = crypto.randomUUID();
    expect((await send(key)).statusCode).toBe(status);
    const before = await effects(table);
    const other = await send(key, 'other');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      message: 'This idempotency key was already used for a different request.',
      errors: {
        idempotency_key: ['This idempotency key was already used for a different request.'],
      },
    });
    expect(await effects(table)).toBe(before);
  });

  it('same key while a request with it runs: 409 with Retry-After, one effect', async () => {
    const { browser, send } = await sender();
    // The session is read from its cache: nothing before the key waits for the test.
    await browser.get(apiPaths.profile);
    const before = await effects(table);
    const key = crypto.randomUUID();
    // Sent once the table is locked: the first request must wait in its transaction (a request
    // sent before the lock could finish first, its statements being prepared: decision 52).
    let requests: Promise<Awaited<ReturnType<typeof send>>>[] = [];
    const busy = await whileHeld(() => {
      requests = [send(key), send(key)];
      return Promise.race(requests);
    });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(busy.json()).toMatchObject({ type: IDEMPOTENCY_KEY_IN_USE });
    expect(busy.headers['retry-after']).toBe('1');
    const codes = (await Promise.all(requests)).map((response) => response.statusCode);
    expect(codes.sort()).toEqual([status, 409].sort());
    expect(await effects(table)).toBe(before + 1);
    const after = await send(key);
    expect(after.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
  });

  it("stores the answer in the effect's transaction: one fails, neither stays, the key is free", async () => {
    const { send } = await sender();
    const before = await effects(table);
    const key = crypto.randomUUID();
    for (const failing of [table, 'idempotency_keys'] as const) {
      await failWritesOn(failing);
      const failed = await send(key);
      expect(failed.statusCode, failing).toBe(500);
      expect(await effects(table), failing).toBe(before);
      expect(await storedAnswers(key), failing).toBe(0);
      await db().execute(sql`delete from idempotency_test_failing`);
    }
    const retried = await send(key);
    expect(retried.statusCode, retried.body).toBe(status);
    expect(retried.headers[IDEMPOTENT_REPLAYED_HEADER]).toBeUndefined();
    expect(await effects(table)).toBe(before + 1);
    expect(await storedAnswers(key)).toBe(1);
  });
});
