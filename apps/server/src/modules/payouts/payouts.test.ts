import crypto from 'node:crypto';
import {
  apiPaths,
  currencySalaryRangesSchema,
  occupationListSchema,
  payoutMethodListSchema,
  payoutTargetListSchema,
  relationshipListSchema,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { countries } from '../countries/countries.schema.ts';
import { customers } from '../customers/customers.schema.ts';
import { stableId } from '../../lib/stable-id.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { signedInCustomer } from '../../test/factories.ts';
import { ORIGINAL_COUNTRY_KEYS } from '../../test/original-product-keys.ts';
import { TestBrowser } from '../../test/test-browser.ts';

const testApp = appPerFile();

/** A signed-in customer with an account (and, given one, a country), made in the database. */
async function customer(iso2?: string) {
  const { db } = testApp.database;
  const { browser, customerId } = await signedInCustomer(testApp.app, db);
  const email = `payouts-${crypto.randomUUID()}@example.com`;
  await db.insert(accounts).values({
    customer_id: customerId,
    email,
    email_normalized: email,
    password_hash: 'not used',
  });
  if (iso2) {
    const [country] = await db.select().from(countries).where(eq(countries.iso2_alpha, iso2));
    await db.update(customers).set({ country_id: country?.id }).where(eq(customers.id, customerId));
  }
  return browser;
}

const inSpanish = (browser: TestBrowser, url: string) =>
  browser.request('GET', url, undefined, { 'accept-language': 'es' });

/** The method × target set Corridor serves (the pricing and recipients modules use it too). */
const SERVED = {
  'IN/INR': ['BANK-ACCOUNT', 'CASH-PICKUP'],
  'PH/PHP': ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'],
  'NG/NGN': ['BANK-ACCOUNT', 'CASH-PICKUP'],
  'KE/KES': ['BANK-ACCOUNT', 'MOBILE-WALLET'],
  'PK/PKR': ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'],
  'MX/MXN': ['BANK-ACCOUNT', 'CASH-PICKUP'],
  'BD/BDT': ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'],
  'NP/NPR': ['BANK-ACCOUNT', 'MOBILE-WALLET', 'CASH-PICKUP'],
  'GH/GHS': ['BANK-ACCOUNT', 'MOBILE-WALLET'],
  'VN/VND': ['BANK-ACCOUNT', 'CASH-PICKUP'],
  'JP/JPY': ['BANK-ACCOUNT'],
  'PL/PLN': ['BANK-ACCOUNT'],
};

let browser: TestBrowser;
beforeAll(async () => {
  browser = await customer('GB');
});

describe('GET /client/v1/payout/targets', () => {
  it('lists the twelve targets, each country with the currency paid there', async () => {
    const response = await browser.get(apiPaths.payoutTargets);
    expect(response.statusCode).toBe(200);
    const { data } = payoutTargetListSchema.parse(response.json());
    expect(data.map((t) => `${t.country.iso2_alpha}/${t.currency.iso_alpha}`)).toEqual(
      Object.keys(SERVED),
    );
    expect(Object.keys(data[0]?.country ?? {}).sort()).toEqual([...ORIGINAL_COUNTRY_KEYS].sort());
    const india = data[0];
    expect(india?.country).toMatchObject({ iso2_alpha: 'IN', common_name: 'India' });
    expect(india?.currency).toMatchObject({
      iso_alpha: 'INR',
      code: 'INR',
      iso_numeric: 356,
      decimal_places: 2,
      type: 'FIAT',
      crypto_code: null,
      common_name: 'Indian Rupee',
      icon_unicode: '₹',
      salary_ranges: null,
    });
    const exponent = new Map(data.map((t) => [t.currency.iso_alpha, t.currency.decimal_places]));
    expect(exponent.get('JPY')).toBe(0);
    expect(exponent.get('VND')).toBe(0);
  });

  it('names the currencies in the reader language', async () => {
    const { data } = payoutTargetListSchema.parse(
      (await inSpanish(browser, apiPaths.payoutTargets)).json(),
    );
    expect(data.find((t) => t.currency.code === 'NGN')?.currency.common_name).toBe(
      'naira nigeriano',
    );
  });
});

describe('GET /client/v1/payout/methods', () => {
  const methodsOf = async (pair: string, reader = browser, spanish = false) => {
    const { data } = payoutTargetListSchema.parse(
      (await reader.get(apiPaths.payoutTargets)).json(),
    );
    const target = data.find((t) => `${t.country.iso2_alpha}/${t.currency.iso_alpha}` === pair);
    const url = `${apiPaths.payoutMethods}?country_id=${target?.country.id}&currency_id=${target?.currency.id}`;
    const response = spanish ? await inSpanish(reader, url) : await reader.get(url);
    expect(response.statusCode).toBe(200);
    return payoutMethodListSchema.parse(response.json()).data;
  };

  it('gives every target exactly the methods Corridor serves there', async () => {
    for (const [pair, codes] of Object.entries(SERVED)) {
      expect(
        (await methodsOf(pair)).map((m) => m.code),
        pair,
      ).toEqual(codes);
    }
  });

  it("has the original product's keys, stable ids, and no rate until quotes price them", async () => {
    const [bank] = await methodsOf('IN/INR');
    expect(Object.keys(bank ?? {}).sort()).toEqual(
      ['code', 'description', 'id', 'instruction', 'promo', 'sell_rate_formatted', 'title'].sort(),
    );
    expect(bank).toMatchObject({
      id: stableId('payout-method', 'IN', 'INR', 'BANK-ACCOUNT'),
      title: 'Bank account',
      description: "Paid straight into the recipient's bank account.",
      sell_rate_formatted: null,
    });
  });

  it('speaks Spanish when asked', async () => {
    const methods = await methodsOf('PH/PHP', browser, true);
    expect(methods.map((m) => m.title)).toEqual([
      'Cuenta bancaria',
      'Monedero móvil',
      'Recogida en efectivo',
    ]);
    expect(methods[2]?.instruction).toBe(
      'El destinatario debe llevar un documento de identidad con foto y el PIN de recogida que te enviaremos.',
    );
  });

  it('answers no methods for a pair Corridor does not pay out to, and 422 without ids', async () => {
    const none = await browser.get(
      `${apiPaths.payoutMethods}?country_id=${crypto.randomUUID()}&currency_id=${crypto.randomUUID()}`,
    );
    expect(none.json()).toEqual({ data: [] });
    const missing = await inSpanish(browser, `${apiPaths.payoutMethods}?country_id=x`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      errors: {
        country_id: ['Elige un país de la lista.'],
        currency_id: ['Elige una moneda de la lista.'],
      },
    });
  });
});

describe('GET /client/v1/resources/relationships', () => {
  it("lists Myself, then the original product's relationships with stable ids, in both languages", async () => {
    const { data } = relationshipListSchema.parse(
      (await browser.get(apiPaths.relationships)).json(),
    );
    expect(data.map((r) => r.code)).toEqual([
      'MYSELF',
      'BUSINESS-ASSOCIATE',
      'CHILD',
      'COUSIN',
      'EMPLOYER-EMPLOYEE',
      'FRIEND',
      'GRANDCHILD',
      'GRANDPARENT',
      'PARENT',
      'SIBLING',
      'SPOUSE',
    ]);
    expect(data[0]).toEqual({
      id: stableId('relationship', 'MYSELF'),
      code: 'MYSELF',
      title: 'Myself',
      description: 'An account of your own in another country.',
    });
    expect(data[2]).toEqual({
      id: stableId('relationship', 'CHILD'),
      code: 'CHILD',
      title: 'Child',
      description: 'Your son or daughter, stepchildren and adopted children included.',
    });
    const spanish = relationshipListSchema.parse(
      (await inSpanish(browser, apiPaths.relationships)).json(),
    );
    expect(spanish.data[0]).toMatchObject({ title: 'Yo mismo', id: data[0]?.id });
    expect(spanish.data[10]).toMatchObject({ title: 'Cónyuge o pareja', id: data[10]?.id });
  });
});

describe('GET /client/v1/resources/occupations', () => {
  it("serves the profile's occupations as a bare array, sorted for the reader", async () => {
    const english = occupationListSchema.parse((await browser.get(apiPaths.occupations)).json());
    expect(english.length).toBeGreaterThan(20);
    expect(english.at(-1)).toEqual({
      id: stableId('employment.occupation', 'OTHER'),
      code: 'OTHER',
      title: 'Other',
      description: null,
    });
    expect(english[0]?.code).toBe('ACCOUNTANT');
    const spanish = occupationListSchema.parse(
      (await inSpanish(browser, apiPaths.occupations)).json(),
    );
    expect(spanish.find((o) => o.code === 'ACCOUNTANT')?.title).toBe('Contabilidad');
    expect(spanish.at(-1)?.code).toBe('OTHER');
    const titles = spanish.slice(0, -1).map((o) => o.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'es')));
  });
});

describe('GET /client/v1/resources/currency-salary-ranges', () => {
  it("gives the customer's currency with the income bands of their profile", async () => {
    const response = await browser.get(apiPaths.currencySalaryRanges);
    const gbp = currencySalaryRangesSchema.parse(response.json());
    expect(gbp).toMatchObject({ iso_alpha: 'GBP', icon_unicode: '£', iso_numeric: 826 });
    expect(gbp.salary_ranges.map((range) => range.code)).toEqual([
      'GBP_0_24999',
      'GBP_25000_49999',
      'GBP_50000_99999',
      'GBP_100000_149999',
      'GBP_150000_PLUS',
    ]);
    expect(gbp.salary_ranges[1]?.title).toBe('GBP 25,000 – 49,999');
    const spanish = currencySalaryRangesSchema.parse(
      (await inSpanish(browser, apiPaths.currencySalaryRanges)).json(),
    );
    expect(spanish.salary_ranges[1]?.title).toBe('25.000 – 49.999 GBP');
    expect(spanish.common_name).toBe('libra esterlina');
  });

  it('gives a customer without a country the bands in US dollars', async () => {
    const newcomer = await customer();
    const usd = currencySalaryRangesSchema.parse(
      (await newcomer.get(apiPaths.currencySalaryRanges)).json(),
    );
    expect(usd.iso_alpha).toBe('USD');
    expect(usd.salary_ranges[0]?.code).toBe('USD_0_24999');
  });
});

describe('signed-out callers', () => {
  it('get 401 from every payout and resource route', async () => {
    const anonymous = new TestBrowser(testApp.app);
    for (const url of [
      apiPaths.payoutTargets,
      `${apiPaths.payoutMethods}?country_id=${crypto.randomUUID()}&currency_id=${crypto.randomUUID()}`,
      apiPaths.relationships,
      apiPaths.occupations,
      apiPaths.currencySalaryRanges,
    ]) {
      const response = await anonymous.get(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});
