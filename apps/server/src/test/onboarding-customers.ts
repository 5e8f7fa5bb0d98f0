import { apiPaths, countryListSchema, customerSchema, type Customer } from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { Clock } from '../lib/clock.ts';
import { appPerFile } from './app-per-file.ts';
import { fromAddress } from './client-address.ts';
import { STRONG_PASSWORD, TestBrowser } from './test-browser.ts';

/** Country ids by ISO alpha-2 code, as GET /client/v1/countries lists them; unknown codes fail. */
export async function countryIdsOf(app: FastifyInstance): Promise<(iso2: string) => string> {
  const list = countryListSchema.parse(
    (await app.inject({ method: 'GET', url: apiPaths.countries })).json(),
  );
  const ids = new Map(list.data.map((country) => [country.iso2_alpha, country.id]));
  return (iso2) => {
    const found = ids.get(iso2);
    if (!found) throw new Error(`no country ${iso2}`);
    return found;
  };
}

/**
 * The set-up of an onboarding test file: one app on `clock` (appPerFile), the country ids, and new
 * customers. Sign-up and the password endpoints limit per address, so each browser comes from an
 * address of its own, 10.`block`.x.y (a block per file); emails are `<emailPrefix>-<n>@example.com`.
 */
export function onboardingTestFile({
  clock,
  block,
  emailPrefix,
}: {
  clock: Clock;
  block: number;
  emailPrefix: string;
}) {
  const testApp = appPerFile({ clock });
  let countryIds: ((iso2: string) => string) | undefined;
  beforeAll(async () => {
    countryIds = await countryIdsOf(testApp.app);
  });
  let ips = 0;
  let emails = 0;

  /** The id of the country with this ISO alpha-2 code. */
  function id(iso2: string): string {
    if (!countryIds) throw new Error('the country ids are read in beforeAll');
    return countryIds(iso2);
  }

  /** A browser from the next address, with no session yet. */
  function newBrowser(): TestBrowser {
    ips += 1;
    const ip = `10.${block}.${Math.floor(ips / 250)}.${(ips % 250) + 1}`;
    return new TestBrowser(fromAddress(testApp.app, ip));
  }

  /** A customer just signed up (and so signed in), without a country. */
  async function signUp(): Promise<{ browser: TestBrowser; email: string; customer: Customer }> {
    const browser = newBrowser();
    emails += 1;
    const email = `${emailPrefix}-${emails}@example.com`;
    const response = await browser.post(apiPaths.signup, {
      email,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    return { browser, email, customer: customerSchema.parse(response.json()) };
  }

  /** A customer signed up who has chosen the country `iso2` (GB by default). */
  async function signUpIn(iso2 = 'GB') {
    const signedUp = await signUp();
    const response = await signedUp.browser.post(apiPaths.updateCountry, { country_id: id(iso2) });
    expect(response.statusCode).toBe(200);
    return { ...signedUp, customer: customerSchema.parse(response.json()) };
  }

  return { testApp, id, newBrowser, signUp, signUpIn };
}

/** POST /client/v1/update?category=`category`: the attribute form of one category. */
export const updateAttributes = (browser: TestBrowser, category: string, body: unknown) =>
  browser.post(`${apiPaths.updateAttributes}?category=${category}`, body);

/** The customer as GET /client/v1/profile shows it to `browser`. */
export async function profileOf(browser: TestBrowser): Promise<Customer> {
  return customerSchema.parse((await browser.get(apiPaths.profile)).json());
}

/** The value of one attribute of the customer's catalogue (undefined when it is not listed). */
export const attributeValue = (customer: Customer, attribute: string) =>
  customer.attributes.find((a) => a.attribute === attribute)?.value;
