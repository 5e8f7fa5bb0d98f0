import {
  apiPaths,
  countryListSchema,
  customerSchema,
  XSRF_COOKIE,
  XSRF_HEADER,
  type AttributeCategory,
  type AttributeValues,
  type Customer,
  type LoginRequest,
  type OtpRequest,
  type SignupRequest,
  type UpdateCountryRequest,
  type UpdateMobileNumberRequest,
} from '@corridor/contracts';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { PASSWORD, uniqueEmail, uniqueMobile } from './journeys.ts';
import { codeFromMailbox } from './mailbox.ts';
import { english as t } from './texts.ts';

/**
 * Customers made through the product's own HTTP API, for journeys that test a screen after
 * sign-up and onboarding. Each call goes through the browser context's request client, which
 * shares the context's cookies: the session cookies the API sets are the browser's, so its
 * pages open signed in. The screens of signing up, verifying, signing in and onboarding are the
 * journeys of accounts.spec.ts, onboarding.spec.ts and spanish-journey.spec.ts.
 */

/** How far the customer has come: signed up; and the email verified; and onboarding finished. */
export type CustomerStage = 'signed-up' | 'verified' | 'onboarded';

export interface ApiCustomer {
  email: string;
  /** The customer as the API last answered it. */
  customer: Customer;
}

/** The header that echoes the context's XSRF-TOKEN cookie, fetching the cookie when it has none. */
export async function xsrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  const token = async () =>
    (await context.cookies()).find((cookie) => cookie.name === XSRF_COOKIE)?.value;
  if ((await token()) === undefined) await context.request.get(apiPaths.csrfCookie);
  const value = await token();
  expect(value, `${XSRF_COOKIE} cookie`).toBeDefined();
  return { [XSRF_HEADER]: decodeURIComponent(value ?? ''), accept: 'application/json' };
}

/** POSTs `body` as the web app does and answers the customer it returns (a 2xx is required). */
async function postForCustomer(
  context: BrowserContext,
  path: string,
  body: unknown,
): Promise<Customer> {
  // The session cookies (and so the XSRF token) change on sign-up and sign-in: read them anew.
  const response = await context.request.post(path, {
    headers: await xsrfHeaders(context),
    data: body,
  });
  expect(
    response.ok(),
    `POST ${path} answered ${response.status()}: ${await response.text()}`,
  ).toBe(true);
  return customerSchema.parse(await response.json());
}

/** Verifies the customer's email with the code mailed at sign-up. */
async function verifyEmail(context: BrowserContext, email: string): Promise<Customer> {
  const otp = await codeFromMailbox(context.request, email, /verify your email/i);
  return postForCustomer(context, apiPaths.verifyEmailAddress, { otp } satisfies OtpRequest);
}

/** Saves one category of the onboarding's profile attributes. */
function saveAttributes(
  context: BrowserContext,
  category: AttributeCategory,
  values: AttributeValues,
): Promise<Customer> {
  return postForCustomer(context, `${apiPaths.updateAttributes}?category=${category}`, values);
}

/**
 * Onboarding's steps as the onboarding screen sends them, answered as a customer in Great
 * Britain (the answers onboarding.spec.ts types): country, identity, employment, address, mobile
 * number.
 */
async function onboardInGreatBritain(context: BrowserContext): Promise<Customer> {
  const answer = await context.request.get(apiPaths.sourceCountries, {
    headers: { accept: 'application/json' },
  });
  expect(answer.ok(), `GET ${apiPaths.sourceCountries}`).toBe(true);
  const gb = countryListSchema
    .parse(await answer.json())
    .data.find((country) => country.iso2_alpha === 'GB');
  if (gb === undefined) throw new Error('GB is not a source country');

  await postForCustomer(context, apiPaths.updateCountry, {
    country_id: gb.id,
  } satisfies UpdateCountryRequest);
  await saveAttributes(context, 'identity', {
    name: 'Ada',
    third_name: 'Lovelace',
    nationality_id: gb.id,
    birth_detail: { birth_date: '1990-05-17' },
  });
  await saveAttributes(context, 'employment', {
    employment: { occupation: 'ENGINEER', salary_range: 'GBP_25000_49999' },
  });
  await saveAttributes(context, 'address', {
    address: { address_line_1: '1 Market Street', city: 'London', postcode: 'SW1A 2AA' },
  });
  return postForCustomer(context, apiPaths.updateMobileNumber, {
    mobile_number_country_id: gb.id,
    mobile_number: uniqueMobile.GB(),
  } satisfies UpdateMobileNumberRequest);
}

/**
 * A new customer, made through the API and signed in in `context` (sign-up starts a signed-in
 * session), brought to `stage`: its email and the customer as it now stands.
 */
export async function apiCustomer(
  context: BrowserContext,
  { prefix, stage }: { prefix: string; stage: CustomerStage },
): Promise<ApiCustomer> {
  const email = uniqueEmail(prefix);
  let customer = await postForCustomer(context, apiPaths.signup, {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  } satisfies SignupRequest);
  if (stage === 'signed-up') return { email, customer };
  customer = await verifyEmail(context, email);
  if (stage === 'verified') return { email, customer };
  return { email, customer: await onboardInGreatBritain(context) };
}

/** A new customer who finished onboarding, made through the API, with `page` on the dashboard. */
export async function onboardedOnDashboard(page: Page, prefix: string): Promise<ApiCustomer> {
  const made = await apiCustomer(page.context(), { prefix, stage: 'onboarded' });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: t.dashboard.title })).toBeVisible();
  return made;
}

/**
 * Signs `email` in through the API in `context`, the emailed second factor included, as another
 * device would: the sign-in screens' own journey is accounts.spec.ts.
 */
export async function apiSignIn(context: BrowserContext, email: string): Promise<Customer> {
  const started = new Date(Date.now() - 1000);
  await postForCustomer(context, apiPaths.login, {
    email,
    password: PASSWORD,
  } satisfies LoginRequest);
  const otp = await codeFromMailbox(context.request, email, /sign-in code/i, started);
  return postForCustomer(context, apiPaths.mfa, { otp } satisfies OtpRequest);
}
