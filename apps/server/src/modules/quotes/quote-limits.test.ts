import crypto from 'node:crypto';
import { apiPaths, quoteSchema, recipientSchema } from '@corridor/contracts';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { approveDocument } from '../documents/documents-test-kit.ts';
import { fxRates } from '../fx/fx.schema.ts';
import { quotes } from './quotes.schema.ts';
import { QUOTES_SAVED_PER_CUSTOMER } from './quotes.service.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { signedInCustomer } from '../../test/factories.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { channelOf, indianBank } from '../recipients/recipients-test-kit.ts';

// Issue 28, S7: 100 quotes saved in 1.3 s, nothing in the way.
const clock = new TestClock();
const testApp = appPerFile({ clock, startJobs: false });
const db = () => testApp.database.db;

/** The market of this file, fresh now; then past the rate cache's few seconds. */
async function market() {
  const asOf = clock.now();
  for (const [quote, rate] of [
    ['INR', '112.5'],
    ['PLN', '5.0125'],
  ] as const) {
    await db()
      .insert(fxRates)
      .values({
        provider: 'sandbox',
        base_currency: 'GBP',
        quote_currency: quote,
        rate,
        as_of: asOf,
        fetched_at: asOf,
      })
      .onConflictDoNothing();
  }
  clock.advance(6 * SECOND);
}
beforeEach(() => market());

/** A signed-in customer of GB, made in the database. */
async function customer() {
  const { browser, customerId } = await signedInCustomer(testApp.app, db(), clock);
  const email = `quote-limits-${crypto.randomUUID()}@example.com`;
  await db().insert(accounts).values({
    customer_id: customerId,
    email,
    email_normalized: email,
    password_hash: 'not used',
  });
  const [gb] = await db().select().from(countries).where(eq(countries.iso2_alpha, 'GB'));
  await db()
    .update(customers)
    .set({ country_id: gb?.id ?? null })
    .where(eq(customers.id, customerId));
  return { browser, customerId };
}

const post = (browser: TestBrowser, url: string, key?: string) =>
  browser.request(
    'POST',
    url,
    { amount: '100' },
    key === undefined ? {} : { 'idempotency-key': key },
  );

async function saveTimes(browser: TestBrowser, times: number) {
  for (let saved = 0; saved < times; saved += 1) {
    const response = await post(browser, apiPaths.quote);
    expect(response.statusCode, response.body).toBe(201);
  }
}

const savedBy = async (customerId: string) => {
  const [row] = await db()
    .select({ n: count() })
    .from(quotes)
    .where(eq(quotes.customer_id, customerId));
  return row?.n;
};

function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(59 * 60);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
  expect(response.json()).toEqual({
    message: 'You have saved too many quotes for now. Please try again in 60 minutes.',
  });
}

const LIMIT = QUOTES_SAVED_PER_CUSTOMER.limit;

describe('the limit on saving quotes, per customer', () => {
  it('answers 429 with Retry-After past the hourly quotes, on both routes, and saves nothing more', async () => {
    const { browser, customerId } = await customer();
    const india = await channelOf(browser, db(), 'IN', 'BANK-ACCOUNT');
    const added = await browser.post(
      `${apiPaths.addRecipient}?payout_channel_id=${india.id}`,
      indianBank(india),
    );
    const recipient = recipientSchema.parse(added.json());
    await saveTimes(browser, LIMIT - 1);
    const toRecipient = await post(browser, apiPaths.recipientSendMoney(recipient.id));
    expect(toRecipient.statusCode, toRecipient.body).toBe(201);
    expectLimited(await post(browser, apiPaths.quote));
    expectLimited(await post(browser, apiPaths.recipientSendMoney(recipient.id)));
    expectLimited(await post(browser, apiPaths.quote, crypto.randomUUID()));
    const spanish = await browser.request(
      'POST',
      apiPaths.quote,
      { amount: '100' },
      { 'accept-language': 'es' },
    );
    expect(spanish.json()).toEqual({
      message:
        'Has guardado demasiados presupuestos por ahora. Vuelve a intentarlo dentro de 60 minutos.',
    });
    expect(await savedBy(customerId)).toBe(LIMIT);
  });

  it('does not count a replayed answer (same Idempotency-Key)', async () => {
    const { browser, customerId } = await customer();
    const key = crypto.randomUUID();
    expect((await post(browser, apiPaths.quote, key)).statusCode).toBe(201);
    await saveTimes(browser, LIMIT - 2);
    for (let replay = 0; replay < 3; replay += 1) {
      const again = await post(browser, apiPaths.quote, key);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    // The replays took nothing: the limit's last quote is still free.
    await saveTimes(browser, 1);
    expectLimited(await post(browser, apiPaths.quote));
    // At the limit, the key's request still gets its stored answer.
    expect((await post(browser, apiPaths.quote, key)).headers['idempotent-replayed']).toBe('true');
    expect(await savedBy(customerId)).toBe(LIMIT);
  });

  it('leaves a key refused by the limit free for its retry once the window has passed', async () => {
    const { browser, customerId } = await customer();
    await saveTimes(browser, LIMIT);
    const key = crypto.randomUUID();
    expectLimited(await post(browser, apiPaths.quote, key));
    // An hour later (in steps: a session idles out after 30 minutes), the limit is free again.
    for (let step = 0; step < 3; step += 1) {
      clock.advance(20 * MINUTE);
      await browser.get(apiPaths.recipients);
    }
    await market();
    const retried = await post(browser, apiPaths.quote, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await savedBy(customerId)).toBe(LIMIT + 1);
  });

  it('leaves another customer free', async () => {
    const limited = await customer();
    await saveTimes(limited.browser, LIMIT);
    expectLimited(await post(limited.browser, apiPaths.quote));
    const other = await customer();
    expect((await post(other.browser, apiPaths.quote)).statusCode).toBe(201);
  });
});

describe("the sending limits follow the customer's approved documents (issue 29)", () => {
  const alertFor = async (browser: TestBrowser, amount: string) => {
    const response = await browser.request('GET', `${apiPaths.quote}?amount=${amount}`);
    expect(response.statusCode, response.body).toBe(200);
    return quoteSchema.parse(response.json()).alerts.send_amount;
  };

  it('unverified, then verified with an approved ID, then enhanced with a source of funds', async () => {
    const { browser, customerId } = await customer();
    // GBP: 500 in 24 hours unverified, 8,000 verified, 50,000 enhanced (decision 20).
    expect(await alertFor(browser, '600')).toMatch(/GBP 500\.00/);
    await approveDocument(testApp.app, db(), clock, customerId, 'POI', 'PASSPORT');
    expect(await alertFor(browser, '600')).toBeUndefined();
    expect(await alertFor(browser, '9000')).toMatch(/GBP 8,?000\.00/);
    await approveDocument(testApp.app, db(), clock, customerId, 'SOF', 'BANK_STATEMENT');
    expect(await alertFor(browser, '9000')).toBeUndefined();
  });
});
