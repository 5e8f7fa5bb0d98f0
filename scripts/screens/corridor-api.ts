// The product's public API, as the web app calls it, to put a customer in the state a screen
// shows (signed up, verified, onboarded…) without depending on the screens' words.
import type { Attribute, Country, Customer, OutboxMessage } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire';
import type { APIRequestContext } from 'playwright-core';

export const PASSWORD = 'Screens-Tour-2026';

/** The sample answers of onboarding, by attribute; selects take their first option. */
const sampleAnswers: Record<string, string> = {
  name: 'Ada',
  third_name: 'Lovelace',
  'birth_detail.birth_date': '1990-05-17',
  'address.address_line_1': '1 Market Street',
  'address.city': 'London',
  'address.postcode': 'SW1A 2AA',
};
/** A UK mobile number nobody has yet: one number belongs to one customer. */
export function sampleMobile(): string {
  return `07400 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;
}
/** The country the sample customer sends from; its address answers fit it. */
const HOME_COUNTRY = 'GB';

async function xsrfHeaders(api: APIRequestContext): Promise<Record<string, string>> {
  let cookie = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await api.get(apiPaths.csrfCookie);
    cookie = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  }
  return { 'x-xsrf-token': decodeURIComponent(cookie?.value ?? ''), accept: 'application/json' };
}

async function call<T>(
  api: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  data?: unknown,
): Promise<T> {
  const response =
    method === 'get'
      ? await api.get(path, { headers: { accept: 'application/json' } })
      : await api.post(path, { headers: await xsrfHeaders(api), data: data ?? {} });
  if (!response.ok()) {
    throw new Error(
      `${method.toUpperCase()} ${path} answered ${response.status()}: ${await response.text()}`,
    );
  }
  return (await response.json()) as T;
}

/** The newest mail to `to` since `since` whose text matches `pattern`; the first match group. */
async function fromMailbox(
  api: APIRequestContext,
  to: string,
  pattern: RegExp,
  since: Date,
): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const messages = await call<OutboxMessage[]>(api, 'get', apiPaths.devMailbox);
    const found = messages
      .filter((m) => m.to === to && new Date(m.created_at) >= since)
      .map((m) => pattern.exec(m.text)?.[1])
      .find((match) => match !== undefined);
    if (found !== undefined) return found;
    // The outbox delivers after the commit: ask again shortly.
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within 15 s`);
}

const codeFor = (api: APIRequestContext, to: string, since: Date) =>
  fromMailbox(api, to, /\b(\d{6})\b/, since);

let customers = 0;
export function newEmail(kind: string): string {
  customers += 1;
  return `screens-${kind}-${process.pid}-${Date.now()}-${customers}@example.com`;
}

/** Signs up `email` (which signs `api` in), email not yet verified. */
export async function signUp(api: APIRequestContext, email: string): Promise<Date> {
  const since = new Date(Date.now() - 1000);
  await call(api, 'post', apiPaths.signup, {
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
  return since;
}

export async function verifyEmail(api: APIRequestContext, email: string, since: Date) {
  await call(api, 'post', apiPaths.verifyEmailAddress, { otp: await codeFor(api, email, since) });
}

/** Signs in with the password only: the session waits for the second factor. */
export async function signInToSecondFactor(api: APIRequestContext, email: string): Promise<Date> {
  const since = new Date(Date.now() - 1000);
  await call(api, 'post', apiPaths.login, { email, password: PASSWORD });
  return since;
}

export async function passSecondFactor(api: APIRequestContext, email: string, since: Date) {
  await call(api, 'post', apiPaths.mfa, { otp: await codeFor(api, email, since) });
}

/** Asks for a password reset and returns the emailed link's path. */
export async function resetLinkPath(api: APIRequestContext, email: string): Promise<string> {
  const since = new Date(Date.now() - 1000);
  await call(api, 'post', apiPaths.forgotPassword, { email });
  return fromMailbox(api, email, /https?:\/\/[^/\s]+(\/reset-password\/[\w-]+)/, since);
}

async function homeCountry(api: APIRequestContext): Promise<Country> {
  const { data } = await call<{ data: Country[] }>(api, 'get', apiPaths.sourceCountries);
  const country = data.find((c) => c.iso2_alpha === HOME_COUNTRY) ?? data[0];
  if (!country) throw new Error('the server serves no country');
  return country;
}

export async function chooseCountry(api: APIRequestContext): Promise<void> {
  await call(api, 'post', apiPaths.updateCountry, { country_id: (await homeCountry(api)).id });
}

/** Nests dotted keys as the API takes them: "address.city" → `{ address: { city } }`. */
function nested(values: [string, string][]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of values) {
    const path = key.split('.');
    const last = path.pop() ?? key;
    let at = body;
    for (const part of path) at = (at[part] ??= {}) as Record<string, unknown>;
    at[last] = value;
  }
  return body;
}

function answer(attribute: Attribute, country: Country): string | undefined {
  if (attribute.input_mode === 'country') return country.id;
  if (attribute.input_mode === 'select') return attribute.options?.[0]?.value;
  return sampleAnswers[attribute.attribute];
}

/** Answers one category of the customer's attributes (its required ones, and the samples). */
export async function answerCategory(
  api: APIRequestContext,
  category: Attribute['category'],
): Promise<void> {
  const customer = await call<Customer>(api, 'get', apiPaths.profile);
  const country = await homeCountry(api);
  const values = customer.attributes
    .filter((a) => a.category === category)
    .map((a): [string, string | undefined] => [a.attribute, answer(a, country)])
    .filter((pair): pair is [string, string] => pair[1] !== undefined);
  await call(api, 'post', `${apiPaths.updateAttributes}?category=${category}`, nested(values));
}

export async function addMobileNumber(api: APIRequestContext): Promise<void> {
  await call(api, 'post', apiPaths.updateMobileNumber, {
    mobile_number_country_id: (await homeCountry(api)).id,
    mobile_number: sampleMobile(),
  });
}

/** A customer who owes nothing: verified, country, every category, mobile number. */
export async function onboardedCustomer(api: APIRequestContext): Promise<string> {
  const email = newEmail('customer');
  await verifyEmail(api, email, await signUp(api, email));
  await chooseCountry(api);
  for (const category of ['identity', 'employment', 'address'] as const) {
    await answerCategory(api, category);
  }
  await addMobileNumber(api);
  return email;
}
