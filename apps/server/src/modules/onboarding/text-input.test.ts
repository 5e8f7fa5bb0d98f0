/**
 * Issue 11, defects 3 and 17: text fields refuse control and invisible characters with a 422
 * (contracts' text.ts), never a 500 from PostgreSQL, and invisible text is never a value.
 */
import { apiPaths, customerSchema, validationErrorSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../customers/customers.schema.ts';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { TestClock } from '../../test/clock.ts';
import {
  attributeValue,
  onboardingTestFile,
  profileOf,
  updateAttributes,
} from '../../test/onboarding-customers.ts';
import { STRONG_PASSWORD, type TestBrowser } from '../../test/test-browser.ts';
import { catalogueFor } from '../customers/index.ts';
import { validateAttributeValues } from './attribute-validation.ts';

const clock = new TestClock();
const { testApp, id, newBrowser, signUpIn } = onboardingTestFile({
  clock,
  block: 30,
  emailPrefix: 'text-input',
});

const identity = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  second_name: 'King',
  third_name: 'Lovelace',
  birth_detail: { birth_date: '1990-12-10' },
  nationality_id: id('GB'),
  ...overrides,
});
const address = (overrides: Record<string, unknown> = {}) => ({
  address: {
    address_line_1: '10 Downing Street',
    city: 'London',
    postcode: 'SW1A 2AA',
    ...overrides,
  },
});

const INVISIBLE = 'This field must not contain control or invisible characters.';

/** `{address: {city: v}}` for "address.city", `{name: v}` for "name". */
function bodyWith(key: string, value: unknown): Record<string, unknown> {
  const [first, second] = key.split('.') as [string, string | undefined];
  return second === undefined ? { [first]: value } : { [first]: { [second]: value } };
}

/** A 422 in Laravel's shape: `{message, errors: {field: [...]}}`, the message the first error. */
function expect422(
  response: { statusCode: number; json(): unknown },
  errors: Record<string, string[]>,
) {
  expect(response.statusCode).toBe(422);
  const body = validationErrorSchema.parse(response.json());
  expect(body).toEqual({ message: expect.any(String), errors });
  expect(body.message.startsWith(Object.values(errors)[0]?.[0] ?? '?')).toBe(true);
}

const attributeKeys = {
  identity: ['name', 'second_name', 'third_name', 'birth_detail.birth_date', 'nationality_id'],
  address: [
    'address.address_line_1',
    'address.address_line_2',
    'address.city',
    'address.region',
    'address.postcode',
  ],
  employment: ['employment.occupation', 'employment.salary_range'],
} as const;
const everyAttribute = Object.entries(attributeKeys).flatMap(([category, keys]) =>
  keys.map((key) => ({ category, key })),
);

describe('defect 3: control characters in a profile are a 422, not a 500', () => {
  let browser: TestBrowser;
  beforeAll(async () => {
    ({ browser } = await signUpIn('GB'));
  });

  it('defect 3: a NUL byte in a name is a 422, not a 500', async () => {
    const response = await updateAttributes(browser, 'identity', { name: '\u0000' });
    expect422(response, { name: [INVISIBLE] });
    expect(attributeValue(await profileOf(browser), 'name')).toBeNull();
  });

  it('defect 3: a NUL byte inside a whole identity is a 422 and saves nothing', async () => {
    const response = await updateAttributes(
      browser,
      'identity',
      identity({ third_name: 'Love\u0000lace' }),
    );
    expect422(response, { third_name: [INVISIBLE] });
    const customer = await profileOf(browser);
    expect(attributeValue(customer, 'name')).toBeNull();
    expect(customer.is_identity_information_required).toBe(true);
  });

  it.each(everyAttribute)(
    'defect 3: a NUL byte in $key ($category) is a 422, not a 500',
    async ({ category, key }) => {
      const response = await updateAttributes(browser, category, bodyWith(key, 'Lon\u0000don'));
      expect422(response, { [key]: [INVISIBLE] });
    },
  );

  it('defect 3: a NUL byte in an address line and a city is a 422 naming both fields', async () => {
    const response = await updateAttributes(
      browser,
      'address',
      address({ address_line_1: '10 Downing\u0000 Street', city: '\u0000' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `${INVISIBLE} (and 1 more error)`,
      errors: { 'address.address_line_1': [INVISIBLE], 'address.city': [INVISIBLE] },
    });
    expect((await profileOf(browser)).address).toBeNull();
  });

  it.each([
    ['U+0001', '\u0001'],
    ['U+001F', '\u001F'],
    ['DEL', '\u007F'],
    ['U+0085', '\u0085'],
    ['U+009F', '\u009F'],
    ['a tab', '\t'],
    ['a carriage return', '\r'],
    ['a line feed', '\n'],
  ])('defect 3: %s inside a city is a 422', async (_, character) => {
    const response = await updateAttributes(
      browser,
      'address',
      address({ city: `Lon${character}don` }),
    );
    expect422(response, { 'address.city': [INVISIBLE] });
  });

  it('defect 3: an unpaired surrogate is a 422, not a 500', async () => {
    // JSON.stringify escapes it as \ud800, which JSON.parse turns back into a lone surrogate.
    const response = await updateAttributes(browser, 'identity', { name: 'Ada\uD800' });
    expect422(response, { name: ['This field must be valid Unicode text.'] });
  });

  it('defect 3: a NUL byte in an attribute key is a 422 that does not repeat the key', async () => {
    const key = 'name\u0000';
    const response = await updateAttributes(browser, 'identity', { [key]: 'Ada' });
    // A key that is not a plain name is reported under `body` (errors/app-error.ts).
    expect422(response, {
      body: ['The attribute name field must not contain control or invisible characters.'],
    });
  });
});

describe('defect 3: every text field of every endpoint refuses a NUL byte with a 422', () => {
  const password = STRONG_PASSWORD;
  const cases: [path: string, field: string, body: Record<string, unknown>, signedIn: boolean][] = [
    [apiPaths.signup, 'email', { password, confirm_password: password }, false],
    [apiPaths.signup, 'password', { email: 'nul@example.com', confirm_password: password }, false],
    [apiPaths.signup, 'confirm_password', { email: 'nul@example.com', password }, false],
    [apiPaths.login, 'email', { password }, false],
    [apiPaths.login, 'password', { email: 'nul@example.com' }, false],
    [apiPaths.forgotPassword, 'email', {}, false],
    [apiPaths.resetPassword, 'token', { password, confirm_password: password }, false],
    [apiPaths.resetPassword, 'password', { token: 'abc', confirm_password: password }, false],
    [apiPaths.changePassword, 'current_password', { password, confirm_password: password }, true],
    [
      apiPaths.changePassword,
      'password',
      { current_password: password, confirm_password: password },
      true,
    ],
    [apiPaths.updateMobileNumber, 'mobile_number', { mobile_number_country_id: 'GB' }, true],
  ];

  const messages: Record<string, string> = {
    email: 'The email field must not contain control or invisible characters.',
    password: 'The password field must not contain control characters.',
    confirm_password: 'The password confirmation field must not contain control characters.',
    current_password: 'The current password field must not contain control characters.',
    token: 'The reset link is invalid.',
    mobile_number: 'The mobile number field must not contain control or invisible characters.',
  };
  const values: Record<string, string> = {
    email: 'nul\u0000@example.com',
    mobile_number: '07700\u0000900123',
    token: 'abc\u0000',
  };

  it.each(cases)(
    'defect 3: POST %s with a NUL byte in %s is a 422',
    async (path, field, body, signedIn) => {
      const browser = signedIn ? (await signUpIn()).browser : newBrowser();
      const payload: Record<string, unknown> = {
        ...body,
        [field]: values[field] ?? `${password}\u0000`,
      };
      if (payload.mobile_number_country_id === 'GB') payload.mobile_number_country_id = id('GB');
      const response = await browser.post(path, payload);
      expect422(response, { [field]: [messages[field] ?? '?'] });
    },
  );

  it('defect 17: a zero-width space in an email or a mobile number is a 422', async () => {
    const email = await newBrowser().post(apiPaths.forgotPassword, {
      email: 'ada\u200B@example.com',
    });
    expect422(email, { email: [messages.email ?? '?'] });
    const { browser } = await signUpIn();
    const mobile = await browser.post(apiPaths.updateMobileNumber, {
      mobile_number_country_id: id('GB'),
      mobile_number: '\u202E07700 900123',
    });
    expect422(mobile, { mobile_number: [messages.mobile_number ?? '?'] });
  });
});

describe('defect 17: invisible text is not a name, an address line or a city', () => {
  const invisibleNames: [label: string, value: string, message: string][] = [
    ['a zero-width space', '\u200B', INVISIBLE],
    ['a Hangul filler (U+3164)', '\u3164', 'The first name field is required.'],
    ['a Hangul choseong filler (U+115F)', '\u115F', 'The first name field is required.'],
    ['a Hangul jungseong filler (U+1160)', '\u1160', 'The first name field is required.'],
    ['a halfwidth Hangul filler (U+FFA0)', '\uFFA0', 'The first name field is required.'],
    ['a blank braille pattern (U+2800)', '\u2800', 'The first name field is required.'],
    ['tabs and newlines', '\t\n\t', 'The first name field is required.'],
    ['a tab inside', 'Ada\tMary', INVISIBLE],
    ['a right-to-left override', '\u202E', INVISIBLE],
    ['a right-to-left override inside', 'Ada\u202Eyram', INVISIBLE],
    ['U+0085 (next line)', '\u0085', INVISIBLE],
    ['a byte order mark inside', 'A\uFEFFda', INVISIBLE],
    ['a word joiner', '\u2060', INVISIBLE],
    ['a soft hyphen inside', 'A\u00ADda', INVISIBLE],
  ];

  it('defect 17: a zero-width space, a Hangul filler, tabs and newlines, a right-to-left override and U+0085 are not a name', async () => {
    const { browser } = await signUpIn('GB');
    for (const [label, value, message] of invisibleNames) {
      const response = await updateAttributes(browser, 'identity', identity({ name: value }));
      expect(response.statusCode, label).toBe(422);
      expect(response.json(), label).toEqual({ message, errors: { name: [message] } });
    }
    const customer = await profileOf(browser);
    expect(attributeValue(customer, 'name')).toBeNull();
    expect(customer.is_identity_information_required).toBe(true);
    // And a real name still clears the requirement.
    const saved = await updateAttributes(browser, 'identity', identity());
    expect(saved.statusCode).toBe(200);
    expect(customerSchema.parse(saved.json()).is_identity_information_required).toBe(false);
  });

  it.each([
    ['address.address_line_1', 'Address line 1'],
    ['address.city', 'Town or city'],
  ])('defect 17: invisible text is not an address: %s', async (key, label) => {
    const { browser } = await signUpIn('GB');
    const field = key.split('.')[1] ?? key;
    const required = `The ${label.charAt(0).toLowerCase()}${label.slice(1)} field is required.`;
    for (const [value, message] of [
      ['\u200B', INVISIBLE],
      ['\u3164\u3164', required],
      ['\t\n', required],
      ['\u202E', INVISIBLE],
      ['\u0085', INVISIBLE],
      ['10 Downing\u200B Street', INVISIBLE],
    ] as const) {
      const response = await updateAttributes(browser, 'address', address({ [field]: value }));
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      expect(response.json(), JSON.stringify(value)).toEqual({
        message,
        errors: { [key]: [message] },
      });
    }
    expect((await profileOf(browser)).is_address_information_required).toBe(true);
  });

  it('defect 17: an optional middle name of only fillers is cleared, not saved', async () => {
    const { browser } = await signUpIn('GB');
    expect((await updateAttributes(browser, 'identity', identity())).statusCode).toBe(200);
    const response = await updateAttributes(browser, 'identity', { second_name: '\u3164 \uFFA0' });
    expect(response.statusCode).toBe(200);
    expect(attributeValue(customerSchema.parse(response.json()), 'second_name')).toBeNull();
  });

  it('defect 17: a name saved invisible before the fix does not clear the identity requirement', async () => {
    const { browser, customer } = await signUpIn('GB');
    expect((await updateAttributes(browser, 'identity', identity())).statusCode).toBe(200);
    for (const stored of ['\u200B', '\u3164', 'Ada\u202E', '\t']) {
      await testApp.database.db
        .update(customers)
        .set({ name: stored })
        .where(eq(customers.id, customer.id));
      await forgetCachedCustomer(testApp.app, customer.id);
      const seen = await profileOf(browser);
      expect(attributeValue(seen, 'name'), JSON.stringify(stored)).toBeNull();
      expect(seen.is_identity_information_required, JSON.stringify(stored)).toBe(true);
    }
  });

  it('defect 17: the server checks values again with the same rules, whatever reaches it', () => {
    // The contracts refuse these first; the catalogue validator must not accept them either.
    const context = {
      catalogue: catalogueFor('GB'),
      country: 'GB',
      category: 'identity' as const,
      now: clock.now(),
      isKnownCountry: () => true,
    };
    expect(validateAttributeValues({ name: '\u200B' }, context)).toEqual({
      ok: false,
      errors: { name: ['The first name field must not contain control or invisible characters.'] },
    });
    expect(validateAttributeValues({ name: '\u3164\u1160' }, context)).toEqual({
      ok: false,
      errors: { name: ['The first name field is required.'] },
    });
    expect(validateAttributeValues({ third_name: 'Love\u0000lace' }, context)).toEqual({
      ok: false,
      errors: {
        third_name: ['The last name field must not contain control or invisible characters.'],
      },
    });
    expect(validateAttributeValues({ second_name: '\uFFA0' }, context)).toEqual({
      ok: true,
      values: new Map([['second_name', null]]),
    });
  });
});
