import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { customers } from '../modules/customers/customers.schema.ts';
import { sessions } from '../modules/sessions/sessions.schema.ts';
import { systemClock, type Clock } from '../lib/clock.ts';
import { sha256 } from '../lib/hashing.ts';
import { apiPaths, customerSchema, type Customer } from '@corridor/contracts';
import { latestCode, STRONG_PASSWORD, TestBrowser } from './test-browser.ts';

/**
 * Test factories: customers in the states tests start from, made the cheapest honest way.
 *
 * `signedInCustomer`: a customer row and a signed-in browser for it, made directly in the
 * database, so tests of the foundation (outbox, jobs, idempotency) do not depend on the accounts
 * flows. The browser's session cookie (from GET /sanctum/csrf-cookie) becomes a live session.
 */
export async function signedInCustomer(
  app: FastifyInstance,
  db: Database,
  clock: Clock = systemClock,
): Promise<{ browser: TestBrowser; customerId: string }> {
  const browser = new TestBrowser(app);
  await browser.get('/sanctum/csrf-cookie');
  const secret = [...browser.cookies].find(([name]) => name.endsWith('corridor_session'))?.[1];
  if (!secret) throw new Error('no session cookie');
  const [customer] = await db
    .insert(customers)
    .values({ crn: `T${crypto.randomInt(100_000_000, 999_999_999)}` })
    .returning({ id: customers.id });
  if (!customer) throw new Error('no customer');
  const now = clock.now();
  await db.insert(sessions).values({
    secret_hash: sha256(secret),
    public_token: crypto.randomBytes(24).toString('base64url'),
    customer_id: customer.id,
    mfa_method: null,
    is_mfa_completed: true,
    touched_at: now,
    expires_at: new Date(now.getTime() + 12 * 60 * 60 * 1000),
    created_at: now,
    updated_at: now,
  });
  return { browser, customerId: customer.id };
}

/**
 * A customer who signed up and verified the email through the API, as the SPA does; the browser
 * stays signed in (sign-up signs in). One argon2id hash.
 */
export async function verifiedCustomer(
  app: FastifyInstance,
  email: string,
  browser: TestBrowser = new TestBrowser(app),
): Promise<{ browser: TestBrowser; customer: Customer }> {
  const signUp = await browser.post(apiPaths.signup, {
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  if (signUp.statusCode !== 201) throw new Error(`sign-up answered ${signUp.statusCode}`);
  const verify = await browser.post(apiPaths.verifyEmailAddress, {
    otp: await latestCode(app, email),
  });
  if (verify.statusCode !== 200) throw new Error(`verification answered ${verify.statusCode}`);
  return { browser, customer: customerSchema.parse(verify.json()) };
}

/**
 * A verified customer who has chosen a country and saved the identity a sender needs, through the
 * API (GB by default, whose catalogue asks for names, date of birth and nationality).
 */
export async function onboardedCustomer(
  app: FastifyInstance,
  email: string,
): Promise<{ browser: TestBrowser; customer: Customer }> {
  const { browser } = await verifiedCustomer(app, email);
  const answer = await browser.get(apiPaths.sourceCountries);
  const { data } = answer.json<{ data: { id: string; iso2_alpha: string }[] }>();
  const gb = data.find((country) => country.iso2_alpha === 'GB');
  if (!gb) throw new Error('GB is not a source country');
  const country = await browser.post(apiPaths.updateCountry, { country_id: gb.id });
  if (country.statusCode !== 200) throw new Error(`update-country answered ${country.statusCode}`);
  const identity = await browser.post(`${apiPaths.updateAttributes}?category=identity`, {
    name: 'Ada',
    third_name: 'Lovelace',
    nationality_id: gb.id,
    birth_detail: { birth_date: '1990-12-10' },
  });
  if (identity.statusCode !== 200) {
    throw new Error(`identity answered ${identity.statusCode}: ${identity.body}`);
  }
  return { browser, customer: customerSchema.parse(identity.json()) };
}
