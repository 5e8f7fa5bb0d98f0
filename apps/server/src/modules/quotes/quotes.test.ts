import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { apiPaths, quoteSchema, type Quote } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { fxRates } from '../fx/fx.schema.ts';
import { currencies } from '../payouts/payouts.schema.ts';
import { payoutCompanyId, payoutMethodId } from '../payouts/payout-reference-data.ts';
import { Money } from '../../lib/money.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { onboardedCustomer, signedInCustomer } from '../../test/factories.ts';
import { TestBrowser } from '../../test/test-browser.ts';
import { priceTransfer, type AmountType } from '../pricing/index.ts';

// The jobs stay still: no refresh comes behind the test's back, so every rate is the test's own.
const clock = new TestClock();
const testApp = appPerFile({ clock, startJobs: false });
const db = () => testApp.database.db;

/** The mid-market rates of this file (1 base = rate quote); GBP→VND is left without one. */
const RATES: [string, string, string][] = [
  ['GBP', 'INR', '112.5'],
  ['GBP', 'PHP', '72.3456'],
  ['GBP', 'JPY', '190.12'],
  ['GBP', 'KES', '165.4'],
  ['USD', 'INR', '88.62'],
];

async function writeRate(base: string, quote: string, rate: string, asOf = clock.now()) {
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

/** Every rate of the file, fresh now; then past the rate cache's few seconds. */
async function freshRates() {
  for (const [base, quote, rate] of RATES) await writeRate(base, quote, rate);
  clock.advance(6 * SECOND);
}

const idOf = async (iso2: string) => {
  const [row] = await db().select().from(countries).where(eq(countries.iso2_alpha, iso2));
  if (!row) throw new Error(`no country ${iso2}`);
  return row.id;
};
const currencyIdOf = async (code: string) => {
  const [row] = await db().select().from(currencies).where(eq(currencies.iso_alpha, code));
  if (!row) throw new Error(`no currency ${code}`);
  return row.id;
};

/** A signed-in customer made in the database, living in `iso2` when given (email unverified). */
async function plainCustomer(iso2?: string) {
  const { browser, customerId } = await signedInCustomer(testApp.app, db(), clock);
  const email = `quotes-${crypto.randomUUID()}@example.com`;
  await db().insert(accounts).values({
    customer_id: customerId,
    email,
    email_normalized: email,
    password_hash: 'not used',
  });
  if (iso2) {
    await db()
      .update(customers)
      .set({ country_id: await idOf(iso2) })
      .where(eq(customers.id, customerId));
  }
  return { browser, customerId };
}

let readyCount = 0;
/** A customer who finished onboarding in GB through the API: nothing but the amount stops them. */
async function readyCustomer() {
  readyCount += 1;
  const { browser, customer } = await onboardedCustomer(
    testApp.app,
    `quotes-ready-${readyCount}@example.com`,
  );
  const gb = await idOf('GB');
  const steps: [string, unknown][] = [
    [
      `${apiPaths.updateAttributes}?category=address`,
      { address: { address_line_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' } },
    ],
    [
      `${apiPaths.updateAttributes}?category=employment`,
      { employment: { occupation: 'ENGINEER', salary_range: 'GBP_25000_49999' } },
    ],
    [apiPaths.updateMobileNumber, { mobile_number_country_id: gb, mobile_number: '07400 123456' }],
  ];
  for (const [url, body] of steps) {
    const response = await browser.post(url, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  return { browser, customerId: customer.id };
}

async function quote(browser: TestBrowser, query: Record<string, string> = {}, locale = 'en') {
  const search = new URLSearchParams(query).toString();
  return browser.request('GET', `${apiPaths.quote}${search ? `?${search}` : ''}`, undefined, {
    'accept-language': locale,
  });
}

async function quoteOk(browser: TestBrowser, query: Record<string, string> = {}, locale = 'en') {
  const response = await quote(browser, query, locale);
  expect(response.statusCode, response.body).toBe(200);
  return quoteSchema.parse(response.json());
}

/** What the pricing rules give for this quote's corridor, side and amount at its mid rate. */
function expectedPrice(answer: Quote, amountType: AmountType, amount: string) {
  const currency =
    amountType === 'send' ? answer.payment_currency.code : answer.payout_currency.code;
  return priceTransfer({
    corridor: {
      source_currency: answer.payment_currency.code,
      target_currency: answer.payout_currency.code,
      method: answer.payout_method.code,
    },
    mid_rate: answer.mid_market_rate,
    amount_type: amountType,
    amount: Money.parse(amount, currency),
    sending_limits: {
      verification_level: 'unverified',
      sent: {
        last_24_hours: Money.zero(answer.payment_currency.code),
        last_30_days: Money.zero(answer.payment_currency.code),
        last_180_days: Money.zero(answer.payment_currency.code),
      },
    },
  });
}

/** The answer's figures are exactly the pricing rules' (decision 20). */
function expectFiguresOf(answer: Quote, amountType: AmountType, amount: string) {
  const price = expectedPrice(answer, amountType, amount);
  expect(answer).toMatchObject({
    amount_type: amountType,
    ...price.send_amount.toWire('local_amount'),
    ...price.recipient_gets.toWire('foreign_amount'),
    ...price.fee.toWire('base_fees'),
    ...price.fee.toWire('fee'),
    ...price.markup_cost.toWire('markup_cost'),
    ...price.total_cost.toWire('total_cost'),
    ...price.recipient_gets.toWire('recipient_gets'),
    ...price.total_to_pay.toWire('total_to_pay'),
    ...price.min_send.toWire('min_send_amount'),
    ...price.max_send.toWire('max_send_amount'),
    exchange_rate: price.our_rate,
    our_rate: price.our_rate,
    markup_percent: price.markup_percent,
    total_cost_percent: price.total_cost_percent,
    pricing_version: price.pricing_version,
  });
  return price;
}

let gbp: Awaited<ReturnType<typeof plainCustomer>>;
beforeAll(async () => {
  gbp = await plainCustomer('GB');
});
beforeEach(freshRates);

describe('GET /client/v1/quote with no parameters', () => {
  it("prices the customer's country's default: GBP 200 to India by bank, first partner", async () => {
    const answer = await quoteOk(gbp.browser);
    expect(answer.payment_country.iso2_alpha).toBe('GB');
    expect(answer.payment_currency).toMatchObject({ code: 'GBP', decimal_places: 2 });
    expect([answer.payout_country.iso2_alpha, answer.payout_currency.code]).toEqual(['IN', 'INR']);
    expect(answer.payout_method).toMatchObject({
      id: payoutMethodId('IN', 'INR', 'BANK-ACCOUNT'),
      code: 'BANK-ACCOUNT',
    });
    expect(answer.payout_company?.id).toBe(payoutCompanyId('TERRA_PAY'));
    expect(answer.payout_companies.map((company) => company.code)).toEqual([
      'TERRA_PAY',
      'MERIDIAN_CLEARING',
      'LODESTAR_BANK_NETWORK',
    ]);
    expect(answer.require_payout_company_selection).toBe(true);
    expect(answer.amount).toBe('200.00');
    expect(answer.mid_market_rate).toBe('112.5');
    const price = expectFiguresOf(answer, 'send', '200');
    expect(answer.exchange_rate_formatted).toBe(`1 GBP = ${price.our_rate} INR`);
    expect(answer.exchange_rate_is_inverse).toBe(false);
    expect(answer.alerts).toEqual({});
    expect(answer.sources.map((s) => s.country.iso2_alpha)).toEqual(['GB']);
    expect(answer.targets).toHaveLength(12);
    expect(answer.payout_methods.map((method) => method.code)).toEqual([
      'BANK-ACCOUNT',
      'CASH-PICKUP',
    ]);
    expect(answer.payout_methods[0]?.sell_rate_formatted).toBe(answer.exchange_rate_formatted);
    // Its email is not verified: the first thing to clear.
    expect(answer.transfer_disable_reason).toBe('Verify your email address before you send money.');
  });

  it('takes the currency of the country the customer lives in, and every source before one', async () => {
    const american = await plainCustomer('US');
    const usd = await quoteOk(american.browser);
    expect([usd.payment_currency.code, usd.amount, usd.mid_market_rate]).toEqual([
      'USD',
      '250.00',
      '88.62',
    ]);
    expectFiguresOf(usd, 'send', '250');
    const newcomer = await plainCustomer();
    const first = await quoteOk(newcomer.browser);
    expect(first.sources.map((s) => s.currency.code)).toEqual(['GBP', 'USD', 'AUD', 'CAD', 'EUR']);
    expect(first.payment_currency.code).toBe('GBP');
    expect(first.transfer_disable_reason).toBe('Verify your email address before you send money.');
  });
});

describe('from either side, any corridor and method', () => {
  it('pays a fixed receive amount exactly, the send rounded down, and back again', async () => {
    const answer = await quoteOk(gbp.browser, { amount_type: 'receive', amount: '10000' });
    expect(answer.amount).toBe('10000.00');
    const price = expectFiguresOf(answer, 'receive', '10000');
    expect(price.recipient_gets.compare(Money.parse('10000', 'INR'))).toBeGreaterThanOrEqual(0);
    // Issue 28: exactly the amount asked, on every method.
    expect(answer.foreign_amount).toBe('10000.00');
    for (const method of answer.payout_methods) {
      const other = await quoteOk(gbp.browser, {
        amount_type: 'receive',
        amount: '10000',
        payout_method_id: method.id,
      });
      expect([other.payout_method.id, other.foreign_amount]).toEqual([method.id, '10000.00']);
    }
    // Sending what the receive side asked buys at most the amount asked (was: exactly the
    // same figures, when the recipient got the rounded-up send's 10,000.98).
    const back = await quoteOk(gbp.browser, { amount_type: 'send', amount: answer.local_amount });
    expect(back.local_amount).toBe(answer.local_amount);
    const backGets = Money.parse(back.foreign_amount, 'INR');
    expect(backGets.compare(Money.parse(answer.foreign_amount, 'INR'))).toBeLessThanOrEqual(0);
  });

  it('switches corridor and method, and prices and times every method of the target', async () => {
    const before = clock.now().getTime();
    const answer = await quoteOk(gbp.browser, {
      payout_country_id: await idOf('PH'),
      payout_method_id: payoutMethodId('PH', 'PHP', 'MOBILE-WALLET'),
      amount: '150.5',
    });
    const after = clock.now().getTime();
    expect([answer.payout_currency.code, answer.payout_method.code]).toEqual([
      'PHP',
      'MOBILE-WALLET',
    ]);
    expect(answer.payout_company?.code).toBe('TERRA_PAY');
    expectFiguresOf(answer, 'send', '150.5');
    expect(answer.payout_methods.map((method) => method.code)).toEqual([
      'BANK-ACCOUNT',
      'MOBILE-WALLET',
      'CASH-PICKUP',
    ]);
    // Each method has its own margin, so its own rate.
    const rates = answer.payout_methods.map((method) => method.sell_rate_formatted);
    expect(new Set(rates).size).toBe(3);
    expect(rates[1]).toBe(answer.exchange_rate_formatted);
    const cash = answer.payout_methods[2];
    const cashRate = expectedPrice(
      { ...answer, payout_method: { ...answer.payout_method, code: 'CASH-PICKUP' } },
      'send',
      '150.5',
    ).our_rate;
    expect(cash?.sell_rate_formatted).toBe(`1 GBP = ${cashRate} PHP`);
    // A wallet pays out in 10 minutes, cash in 30 (decision 20).
    const arrival = (index: number) =>
      Date.parse(answer.payout_methods[index]?.estimated_arrival ?? '');
    expect(arrival(1)).toBeGreaterThanOrEqual(before + 10 * MINUTE);
    expect(arrival(1)).toBeLessThanOrEqual(after + 10 * MINUTE);
    expect(arrival(2)).toBeGreaterThanOrEqual(before + 30 * MINUTE);
    expect(answer.estimated_arrival).toBe(answer.payout_methods[1]?.estimated_arrival);
  });

  it('finds the target from the method or the currency alone', async () => {
    const byMethod = await quoteOk(gbp.browser, {
      payout_method_id: payoutMethodId('KE', 'KES', 'MOBILE-WALLET'),
    });
    expect([byMethod.payout_country.iso2_alpha, byMethod.payout_method.code]).toEqual([
      'KE',
      'MOBILE-WALLET',
    ]);
    const byCurrency = await quoteOk(gbp.browser, {
      payout_currency_id: await currencyIdOf('JPY'),
    });
    expect([byCurrency.payout_country.iso2_alpha, byCurrency.payout_method.code]).toEqual([
      'JP',
      'BANK-ACCOUNT',
    ]);
  });

  it('takes yen without decimals, from either side', async () => {
    const japan = { payout_country_id: await idOf('JP') };
    const receive = await quoteOk(gbp.browser, {
      ...japan,
      amount_type: 'receive',
      amount: '15000',
    });
    expect(receive.amount).toBe('15000');
    expect(receive.foreign_amount).toMatch(/^\d+$/);
    expectFiguresOf(receive, 'receive', '15000');
    const send = await quoteOk(gbp.browser, { ...japan, amount: '99.99' });
    expect(send.foreign_amount_currency_prefixed).toMatch(/^JPY \d{1,3}(,\d{3})*$/);
    expectFiguresOf(send, 'send', '99.99');
    const decimals = await quote(gbp.browser, {
      ...japan,
      amount_type: 'receive',
      amount: '15000.5',
    });
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json()).toEqual({
      message: 'Enter a whole amount: JPY has no decimal places.',
      errors: { amount: ['Enter a whole amount: JPY has no decimal places.'] },
    });
  });
});

describe('what the calculator refuses (422)', () => {
  it('refuses amounts that are not plain decimals of the currency, or not above zero', async () => {
    const cases: [string, string][] = [
      ['12.345', 'Enter an amount with at most 2 decimal places for GBP.'],
      ['abc', 'Enter an amount such as 250.00.'],
      ['1,000', 'Enter an amount such as 250.00.'],
      ['1e3', 'Enter an amount such as 250.00.'],
      [' 10', 'Enter an amount such as 250.00.'],
      ['', 'Enter an amount such as 250.00.'],
      ['0', 'Enter an amount greater than zero.'],
      ['0.00', 'Enter an amount greater than zero.'],
      ['-5', 'Enter an amount greater than zero.'],
      ['1000000000000000000', 'This amount is too large.'],
    ];
    for (const [amount, message] of cases) {
      const response = await quote(gbp.browser, { amount });
      expect(response.statusCode, amount).toBe(422);
      expect(response.json().errors, amount).toEqual({ amount: [message] });
    }
    const spanish = await quote(gbp.browser, { amount: 'abc' }, 'es');
    expect(spanish.json().errors).toEqual({ amount: ['Introduce un importe como 250.00.'] });
  });

  it('refuses what Corridor does not serve, on the key that names it', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { payout_country_id: await idOf('FR') },
        'payout_country_id',
        'We do not send money to this country yet.',
      ],
      [
        { payout_method_id: crypto.randomUUID() },
        'payout_method_id',
        'This payout method is not available for this country.',
      ],
      [
        {
          payout_country_id: await idOf('IN'),
          payout_method_id: payoutMethodId('PH', 'PHP', 'MOBILE-WALLET'),
        },
        'payout_method_id',
        'This payout method is not available for this country.',
      ],
      [
        { payout_currency_id: await currencyIdOf('USD') },
        'payout_currency_id',
        'We do not pay out in this currency there.',
      ],
      [
        { payout_company_id: payoutCompanyId('HARBOR_CASH') },
        'payout_company_id',
        'This payout partner does not pay out by this method.',
      ],
      [
        { payment_country_id: await idOf('US') },
        'payment_country_id',
        'You can only send money from the country you live in.',
      ],
      [
        { payment_country_id: await idOf('FR') },
        'payment_country_id',
        'We do not take payments from this country yet.',
      ],
      [
        { payment_currency_id: await currencyIdOf('USD') },
        'payment_currency_id',
        'Pay in the currency of the country you send from.',
      ],
      [{ payout_method_id: 'bank' }, 'payout_method_id', 'Choose how the money is paid out.'],
      [{ amount_type: 'both' }, 'amount_type', expect.any(String)],
    ];
    for (const [query, key, message] of cases) {
      const response = await quote(gbp.browser, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json().errors, JSON.stringify(query)).toEqual({ [key]: [message] });
    }
    const spanish = await quote(gbp.browser, { payout_country_id: await idOf('FR') }, 'es');
    expect(spanish.json().errors).toEqual({
      payout_country_id: ['Todavía no enviamos dinero a este país.'],
    });
  });
});

describe('limits and reasons not to send (HTTP 200)', () => {
  let ready: Awaited<ReturnType<typeof readyCustomer>>;
  beforeAll(async () => {
    ready = await readyCustomer();
  });

  it('lets a customer who finished onboarding send an amount within every limit', async () => {
    const answer = await quoteOk(ready.browser, { amount: '100' });
    expect(answer.alerts).toEqual({});
    expect(answer.transfer_disable_reason).toBeNull();
  });

  it('alerts on the field typed, below the minimum, above the maximum or a limit', async () => {
    const cases: [Record<string, string>, Quote['alerts']][] = [
      [{ amount: '0.50' }, { send_amount: 'The minimum you can send is GBP 1.00.' }],
      [
        { amount: '30000' },
        { send_amount: 'The maximum you can send in one transfer is GBP 25,000.00.' },
      ],
      [
        { amount: '600' },
        {
          send_amount:
            'You can send up to GBP 500.00 more in the next 24 hours. Verify your identity to send more.',
        },
      ],
    ];
    for (const [query, alerts] of cases) {
      const answer = await quoteOk(ready.browser, query);
      expect(answer.alerts, query.amount).toEqual(alerts);
      expect(answer.transfer_disable_reason).toBe(
        `Change the amount to send this transfer. ${alerts.send_amount}`,
      );
    }
    const receive = await quoteOk(ready.browser, { amount_type: 'receive', amount: '3000000' });
    const expected = expectedPrice(receive, 'receive', '3000000').alerts;
    expect(expected.payout_amount).toMatch(
      /^The maximum the recipient can get in one transfer is INR /,
    );
    expect(receive.alerts).toEqual(expected);
  });

  it('says it in Spanish', async () => {
    const answer = await quoteOk(ready.browser, { amount: '0.50' }, 'es');
    expect(answer.alerts).toEqual({
      send_amount: 'El importe mínimo que puedes enviar es GBP 1.00.',
    });
    expect(answer.transfer_disable_reason).toBe(
      'Cambia el importe para enviar esta transferencia. El importe mínimo que puedes enviar es GBP 1.00.',
    );
    const limit = await quoteOk(ready.browser, { amount: '600' }, 'es');
    expect(limit.alerts.send_amount).toBe(
      'Puedes enviar hasta GBP 500.00 más en las próximas 24 horas. Verifica tu identidad para enviar más.',
    );
    const unverified = await quoteOk(gbp.browser, {}, 'es');
    expect(unverified.transfer_disable_reason).toBe(
      'Verifica tu correo electrónico antes de enviar dinero.',
    );
  });

  it('tells a customer blocked for sending, before anything else', async () => {
    await db()
      .update(customers)
      .set({ is_blocked_for_sending: true })
      .where(eq(customers.id, ready.customerId));
    await forgetCachedCustomer(testApp.app, ready.customerId);
    const answer = await quoteOk(ready.browser, { amount: '0.50' });
    expect(answer.alerts.send_amount).toBe('The minimum you can send is GBP 1.00.');
    expect(answer.transfer_disable_reason).toBe(
      'Sending money is restricted on your account. Please contact our support team.',
    );
    const spanish = await quoteOk(ready.browser, {}, 'es');
    expect(spanish.transfer_disable_reason).toBe(
      'El envío de dinero está restringido en tu cuenta. Ponte en contacto con nuestro equipo de soporte.',
    );
  });
});

describe('without a usable rate (503)', () => {
  it('answers 503 {message} for a pair without a rate', async () => {
    const response = await quote(gbp.browser, { payout_country_id: await idOf('VN') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message:
        'We cannot get a GBP to VND exchange rate right now. Please try again in a few minutes.',
    });
  });

  it('answers 503 once the latest rate is older than FX_MAX_AGE_SECONDS, in Spanish too', async () => {
    expect((await quote(gbp.browser)).statusCode).toBe(200);
    clock.advance(901 * SECOND);
    const stale = await quote(gbp.browser);
    expect(stale.statusCode).toBe(503);
    expect(stale.json()).toEqual({
      message:
        'We cannot get a GBP to INR exchange rate right now. Please try again in a few minutes.',
    });
    const spanish = await quote(gbp.browser, {}, 'es');
    expect(spanish.json()).toEqual({
      message:
        'Ahora mismo no podemos obtener el tipo de cambio de GBP a INR. Vuelve a intentarlo en unos minutos.',
    });
    await freshRates();
    expect((await quote(gbp.browser)).statusCode).toBe(200);
  });
});

describe('the answer on the wire', () => {
  it('is compressed for a client that accepts it, and the same quote once unpacked', async () => {
    const plain = await quoteOk(gbp.browser);
    const response = await gbp.browser.request('GET', apiPaths.quote, undefined, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const unpacked = quoteSchema.parse(
      JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString('utf8')),
    );
    const { payout_methods: _a, ...rest } = unpacked;
    const { payout_methods: _b, ...plainRest } = plain;
    expect(rest).toEqual(plainRest);
    expect(unpacked.targets).toHaveLength(12);
    const gzipped = await gbp.browser.request('GET', apiPaths.quote, undefined, {
      'accept-encoding': 'gzip',
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(
      quoteSchema.parse(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')))
        .local_amount,
    ).toBe(plain.local_amount);
  });
});

describe('signed-out callers', () => {
  it('get 401', async () => {
    const response = await new TestBrowser(testApp.app).get(apiPaths.quote);
    expect(response.statusCode).toBe(401);
  });
});
