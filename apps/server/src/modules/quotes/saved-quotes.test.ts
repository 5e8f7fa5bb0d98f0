import crypto from 'node:crypto';
import {
  apiPaths,
  quoteSchema,
  recipientSchema,
  savedQuoteSchema,
  type PayoutChannel,
  type Recipient,
  type SavedQuote,
} from '@corridor/contracts';
import { count, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { fxRates } from '../fx/fx.schema.ts';
import { quotes } from './quotes.schema.ts';
import { payoutMethodId } from '../payouts/payout-reference-data.ts';
import { IDEMPOTENT_REPLAYED_HEADER } from '../../plugins/idempotency.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { signedInCustomer } from '../../test/factories.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { channelOf, indianBank, polishIban } from '../recipients/recipients-test-kit.ts';

// The jobs stay still: no refresh comes behind the test's back, so every rate is the test's own.
const clock = new TestClock();
const testApp = appPerFile({ clock, startJobs: false });
const db = () => testApp.database.db;

async function writeRate(base: string, quote: string, rate: string) {
  const asOf = clock.now();
  await db()
    .insert(fxRates)
    .values({
      provider: 'sandbox',
      base_currency: base,
      quote_currency: quote,
      rate,
      as_of: asOf,
      fetched_at: asOf,
    })
    .onConflictDoNothing();
}

/** The market of this file, fresh now; then past the rate cache's few seconds. */
async function market(inr = '112.5') {
  await writeRate('GBP', 'INR', inr);
  await writeRate('GBP', 'PLN', '5.0125');
  clock.advance(6 * SECOND);
}

const idOf = async (iso2: string) => {
  const [row] = await db().select().from(countries).where(eq(countries.iso2_alpha, iso2));
  if (!row) throw new Error(`no country ${iso2}`);
  return row.id;
};

/** A signed-in customer of GB, made in the database. */
async function customer() {
  const { browser, customerId } = await signedInCustomer(testApp.app, db(), clock);
  const email = `saved-quotes-${crypto.randomUUID()}@example.com`;
  await db().insert(accounts).values({
    customer_id: customerId,
    email,
    email_normalized: email,
    password_hash: 'not used',
  });
  await db()
    .update(customers)
    .set({ country_id: await idOf('GB') })
    .where(eq(customers.id, customerId));
  return { browser, customerId };
}

async function addRecipient(
  browser: TestBrowser,
  channel: PayoutChannel,
  body: Record<string, unknown>,
  quoteId?: string,
): Promise<Recipient> {
  const query = `payout_channel_id=${channel.id}${quoteId ? `&quote_id=${quoteId}` : ''}`;
  const response = await browser.post(`${apiPaths.addRecipient}?${query}`, body);
  expect(response.statusCode, response.body).toBe(201);
  return recipientSchema.parse(response.json());
}

const post = (browser: TestBrowser, url: string, body: unknown, key?: string) =>
  browser.request('POST', url, body, key === undefined ? {} : { 'idempotency-key': key });

async function save(browser: TestBrowser, body: Record<string, string> = {}, key?: string) {
  const response = await post(browser, apiPaths.quote, body, key);
  expect(response.statusCode, response.body).toBe(201);
  return savedQuoteSchema.parse(response.json());
}

async function read(browser: TestBrowser, id: string) {
  const response = await browser.get(apiPaths.quoteById(id));
  expect(response.statusCode, response.body).toBe(200);
  return savedQuoteSchema.parse(response.json());
}

/** What never changes once a quote is saved: every figure, the method and its rate. */
const lockedFigures = (quote: SavedQuote) => {
  const {
    purposes: _purposes,
    is_expired: _expired,
    recipients: _recipients,
    recipient: _recipient,
    transfer_disable_reason: _reason,
    ...figures
  } = quote;
  return figures;
};

let first: Awaited<ReturnType<typeof customer>>;
let india: PayoutChannel;
let poland: PayoutChannel;
beforeAll(async () => {
  first = await customer();
  india = await channelOf(first.browser, db(), 'IN', 'BANK-ACCOUNT');
  poland = await channelOf(first.browser, db(), 'PL', 'BANK-ACCOUNT');
});
beforeEach(() => market());

describe('POST /client/v1/quote', () => {
  it('saves the figures shown, locks the rate for 30 minutes, and answers 201', async () => {
    const body = { amount: '321.09', payout_country_id: await idOf('IN') };
    const live = quoteSchema.parse(
      (await first.browser.get(`${apiPaths.quote}?amount=321.09`)).json(),
    );
    const before = clock.now().getTime();
    const saved = await save(first.browser, body);
    const { sources: _s, targets: _t, payout_methods: _m, ...shown } = live;
    expect(saved).toMatchObject(shown);
    expect(saved).toMatchObject({
      sub_total_amount: live.local_amount,
      sub_total_amount_currency_prefixed: live.local_amount_currency_prefixed,
      total_amount: live.total_to_pay,
      total_amount_formatted: live.total_to_pay_formatted,
      discount_amount: null,
      discount_amount_formatted: null,
      discount_amount_currency_prefixed: null,
      coupon: null,
      recipients: [],
      recipient: null,
      purposes: null,
      // A GB customer who has handed in nothing owes a proof of identity and of address.
      pending_documents: [
        expect.objectContaining({ code: 'POI' }),
        expect.objectContaining({ code: 'POA' }),
      ],
      is_expired: false,
    });
    const created = Date.parse(saved.created_at);
    expect(created).toBeGreaterThanOrEqual(before);
    expect(Date.parse(saved.expires_at) - created).toBe(30 * MINUTE);
    expect(saved.payment_methods.map((method) => [method.code, method.title])).toEqual([
      ['MANUAL-PAYMENT', 'Bank transfer'],
      ['SANDBOX-CARD', 'Debit or credit card'],
    ]);
    // A client picks the bank-transfer screen by the provider's code (issue 29).
    expect(saved.payment_methods[0]?.providers[0]?.code).toBe('MANUAL-PAYMENT');
    const [row] = await db().select().from(quotes).where(eq(quotes.id, saved.id));
    expect(row).toMatchObject({
      customer_id: first.customerId,
      amount_type: 'send',
      amount_minor: 32_109n,
      send_minor: 32_109n,
      recipient_id: null,
      mid_market_rate: '112.5',
      our_rate: saved.our_rate,
      rate_provider: 'sandbox',
      pricing_version: saved.pricing_version,
    });
    expect(row?.total_minor.toString()).toBe(saved.total_to_pay.replace('.', ''));
    expect(row?.recipient_gets_minor.toString()).toBe(saved.foreign_amount.replace('.', ''));
  });

  it('answers the same Idempotency-Key with the stored answer, and saves once', async () => {
    const { browser, customerId } = await customer();
    const key = crypto.randomUUID();
    const body = { amount: '75', amount_type: 'send' };
    const firstTry = await post(browser, apiPaths.quote, body, key);
    expect(firstTry.statusCode).toBe(201);
    clock.advance(SECOND);
    const again = await post(browser, apiPaths.quote, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENT_REPLAYED_HEADER]).toBe('true');
    expect(again.body).toBe(firstTry.body);
    const [saved] = await db()
      .select({ n: count() })
      .from(quotes)
      .where(eq(quotes.customer_id, customerId));
    expect(saved?.n).toBe(1);
    const reused = await post(browser, apiPaths.quote, { amount: '76' }, key);
    expect(reused.statusCode).toBe(422);
    expect(Object.keys(reused.json().errors)).toEqual(['idempotency_key']);
  });

  it('refuses what the calculator refuses, and saves nothing', async () => {
    const { browser, customerId } = await customer();
    const response = await post(browser, apiPaths.quote, { amount: '1.234' }, crypto.randomUUID());
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      amount: ['Enter an amount with at most 2 decimal places for GBP.'],
    });
    const missing = await post(browser, apiPaths.quote, {
      payout_country_id: await idOf('PH'),
    });
    expect(missing.statusCode).toBe(503);
    const [saved] = await db()
      .select({ n: count() })
      .from(quotes)
      .where(eq(quotes.customer_id, customerId));
    expect(saved?.n).toBe(0);
  });
});

describe('the rate lock', () => {
  it('keeps a saved quote at its rate when the market moves, and expires it after 30 minutes', async () => {
    const saved = await save(first.browser, { amount: '500' });
    await market('118.75');
    const live = quoteSchema.parse(
      (await first.browser.get(`${apiPaths.quote}?amount=500`)).json(),
    );
    expect(live.mid_market_rate).toBe('118.75');
    expect(live.foreign_amount).not.toBe(saved.foreign_amount);

    const kept = await read(first.browser, saved.id);
    expect(lockedFigures(kept)).toEqual(lockedFigures(saved));
    expect(kept.mid_market_rate).toBe('112.5');
    expect(kept.is_expired).toBe(false);
    expect(kept.purposes?.map((purpose) => purpose.code)).toContain('FAMILY-SUPPORT');

    const recipient = await addRecipient(first.browser, india, indianBank(india));
    // In two steps, so the session does not idle out meanwhile: still locked at 29 minutes.
    clock.advance(29 * MINUTE);
    expect((await read(first.browser, saved.id)).is_expired).toBe(false);
    clock.advance(MINUTE);
    await market('118.75');
    const expired = await read(first.browser, saved.id);
    expect(expired.is_expired).toBe(true);
    expect(lockedFigures(expired)).toEqual(lockedFigures(saved));
    const choose = await first.browser.post(apiPaths.quoteRecipient(saved.id), {
      recipient_id: recipient.id,
    });
    expect(choose.statusCode).toBe(412);
    expect(choose.json()).toEqual({
      type: 'quote_expired',
      message: 'This quote has expired. Get a new quote to lock in a fresh rate.',
    });
  });
});

describe('the recipient of a saved quote', () => {
  it("lists the customer's recipients of its corridor, and takes one of them", async () => {
    const { browser } = await customer();
    const asha = await addRecipient(browser, india, indianBank(india, 'Asha'));
    const kowalski = await addRecipient(browser, poland, polishIban(poland));
    const saved = await save(browser);
    expect(saved.recipients.map((r) => r.id)).toEqual([asha.id]);

    const chosen = await browser.post(apiPaths.quoteRecipient(saved.id), { recipient_id: asha.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const answer = savedQuoteSchema.parse(chosen.json());
    expect(answer.recipient?.id).toBe(asha.id);
    // The wizard keeps this answer as its quote and asks the purpose from it at review: without
    // the purposes it had nothing to choose, and the transfer could not be confirmed.
    expect(answer.purposes?.map((purpose) => purpose.code)).toContain('FAMILY-SUPPORT');
    expect(lockedFigures(answer)).toEqual(lockedFigures(saved));
    expect((await read(browser, saved.id)).recipient?.id).toBe(asha.id);

    const elsewhere = await browser.post(apiPaths.quoteRecipient(saved.id), {
      recipient_id: kowalski.id,
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({
      recipient_id: [
        'This recipient is paid in another country or by another method than this quote. Choose one of its recipients.',
      ],
    });
    const unknown = await browser.post(apiPaths.quoteRecipient(saved.id), {
      recipient_id: crypto.randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a recipient added for it (POST /recipients/add?quote_id)', async () => {
    const { browser } = await customer();
    const saved = await save(browser);
    const added = await addRecipient(browser, india, indianBank(india, 'Ravi'), saved.id);
    expect((await read(browser, saved.id)).recipient?.id).toBe(added.id);
  });
});

describe('POST /client/v1/recipient/send-money/{id}', () => {
  it("saves a quote to the recipient's country and method, whatever the body says", async () => {
    const { browser, customerId } = await customer();
    const kowalski = await addRecipient(browser, poland, polishIban(poland));
    const key = crypto.randomUUID();
    const body = { amount: '100', payout_country_id: await idOf('IN') };
    const response = await post(browser, apiPaths.recipientSendMoney(kowalski.id), body, key);
    expect(response.statusCode, response.body).toBe(201);
    const saved = savedQuoteSchema.parse(response.json());
    expect([saved.payout_country.iso2_alpha, saved.payout_currency.code]).toEqual(['PL', 'PLN']);
    expect(saved.payout_method.id).toBe(payoutMethodId('PL', 'PLN', 'BANK-ACCOUNT'));
    expect(saved.recipient?.id).toBe(kowalski.id);
    expect(saved.recipients.map((r) => r.id)).toEqual([kowalski.id]);
    expect(saved.mid_market_rate).toBe('5.0125');
    const again = await post(browser, apiPaths.recipientSendMoney(kowalski.id), body, key);
    expect(again.body).toBe(response.body);
    const [rows] = await db()
      .select({ n: count() })
      .from(quotes)
      .where(eq(quotes.customer_id, customerId));
    expect(rows?.n).toBe(1);
    expect((await read(browser, saved.id)).recipient?.id).toBe(kowalski.id);
  });
});

describe("another customer's ids", () => {
  it('answer 404 on every quote route', async () => {
    const owner = await customer();
    const recipient = await addRecipient(owner.browser, india, indianBank(india, 'Meera'));
    const saved = await save(owner.browser);
    const other = await customer();
    const own = await addRecipient(other.browser, india, indianBank(india, 'Kiran'));

    const attempts = [
      await other.browser.get(apiPaths.quoteById(saved.id)),
      await other.browser.post(apiPaths.quoteRecipient(saved.id), { recipient_id: own.id }),
      await other.browser.post(apiPaths.quoteRecipient(saved.id), { recipient_id: recipient.id }),
      await other.browser.post(apiPaths.recipientSendMoney(recipient.id), { amount: '10' }),
      await other.browser.get(apiPaths.quoteById(crypto.randomUUID())),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    // Its own quote does not take the first customer's recipient either.
    const mine = await save(other.browser);
    const borrowed = await other.browser.post(apiPaths.quoteRecipient(mine.id), {
      recipient_id: recipient.id,
    });
    expect(borrowed.statusCode).toBe(404);
    expect((await read(owner.browser, saved.id)).recipient).toBeNull();
  });
});
