import { customerSchema, countryListSchema, taskListSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../accounts/accounts.schema.ts';
import { TestClock } from '../../test/clock.ts';
import {
  attributeValue,
  onboardingTestFile,
  profileOf,
  updateAttributes,
} from '../../test/onboarding-customers.ts';
import { latestCode, STRONG_PASSWORD, type TestBrowser } from '../../test/test-browser.ts';
import { BIRTH_DATE_MESSAGES, NOT_IN_PROFILE } from './attribute-validation.ts';

const clock = new TestClock();
const { testApp, id, signUp, signUpIn } = onboardingTestFile({
  clock,
  block: 20,
  emailPrefix: 'onboarding',
});

/** YYYY-MM-DD, `years` years and `days` days before the test clock's today (UTC). */
function dateBefore(years: number, days = 0): string {
  const now = clock.now();
  const date = new Date(
    Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days),
  );
  return date.toISOString().slice(0, 10);
}

const identity = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada',
  second_name: 'King',
  third_name: 'Lovelace',
  birth_detail: { birth_date: '1990-12-10' },
  nationality_id: id('GB'),
  ...overrides,
});

const addresses: Record<string, Record<string, string>> = {
  GB: { address_line_1: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA' },
  US: {
    address_line_1: '1600 Pennsylvania Ave NW',
    city: 'Washington',
    region: 'DC',
    postcode: '20500',
  },
  AU: { address_line_1: '1 Macquarie St', city: 'Sydney', region: 'NSW', postcode: '2000' },
  CA: { address_line_1: '24 Sussex Drive', city: 'Ottawa', region: 'ON', postcode: 'K1M 1M4' },
  IE: { address_line_1: '1 Main Street', city: 'Dublin', postcode: 'D02 X285' },
};

describe('GET /client/v1/countries/source', () => {
  it('defect 19: is public, so the sign-up screen can say where we serve', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/client/v1/countries/source',
    });
    expect(response.statusCode).toBe(200);
    const { data } = countryListSchema.parse(response.json());
    expect(data.map((c) => c.iso2_alpha)).toEqual(['AU', 'CA', 'IE', 'GB', 'US']);
  });

  it('lists the five source countries by name', async () => {
    const { browser } = await signUp();
    const response = await browser.get('/client/v1/countries/source');
    expect(response.statusCode).toBe(200);
    const { data } = countryListSchema.parse(response.json());
    expect(data.map((c) => c.iso2_alpha)).toEqual(['AU', 'CA', 'IE', 'GB', 'US']);
  });
});

describe('a customer without a country', () => {
  it('owes everything, has no attributes, and cannot save attributes yet', async () => {
    const { browser, customer } = await signUp();
    expect(customer).toMatchObject({
      country: null,
      attributes: [],
      address: null,
      birth_detail: null,
      is_identity_information_required: true,
      is_address_information_required: true,
      is_employment_information_required: true,
    });
    const response = await updateAttributes(browser, 'identity', { name: 'Ada' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      type: 'country_required',
      message: 'Choose your country first.',
    });
  });
});

describe('POST /client/v1/update-country', () => {
  it('refuses unknown ids, countries one cannot send from, and non-ids', async () => {
    const { browser } = await signUp();
    for (const countryId of ['00000000-0000-4000-8000-000000000000', id('FR')]) {
      const response = await browser.post('/client/v1/update-country', { country_id: countryId });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'Choose a country we support sending from.',
        errors: { country_id: ['Choose a country we support sending from.'] },
      });
    }
    const notAnId = await browser.post('/client/v1/update-country', { country_id: 'GB' });
    expect(notAnId.statusCode).toBe(422);
    expect(notAnId.json()).toMatchObject({ errors: { country_id: expect.any(Array) } });
    expect((await profileOf(browser)).country).toBeNull();
  });

  it('sets a source country and serves its catalogue, with every category still owed', async () => {
    const { customer } = await signUpIn('GB');
    expect(customer.country?.iso2_alpha).toBe('GB');
    expect(customer.attributes.map((a) => a.attribute)).toEqual([
      'name',
      'second_name',
      'third_name',
      'birth_detail.birth_date',
      'nationality_id',
      'address.address_line_1',
      'address.address_line_2',
      'address.city',
      'address.region',
      'address.postcode',
      'employment.occupation',
      'employment.salary_range',
    ]);
    expect(customer.attributes.every((a) => a.value === null)).toBe(true);
    expect(customer).toMatchObject({
      is_identity_information_required: true,
      is_address_information_required: true,
      is_employment_information_required: true,
    });
    const postcode = customer.attributes.find((a) => a.attribute === 'address.postcode');
    expect(postcode).toMatchObject({
      category: 'address',
      input_mode: 'text',
      label: 'Postcode',
      is_required: true,
      expression_error_message: 'Enter a real UK postcode, for example SW1A 1AA.',
    });
    expect(postcode?.regular_expression).not.toMatch(/^\/|\/$/);
  });

  it('moving to another country drops the old address and employment, keeps identity', async () => {
    const { browser } = await signUpIn('GB');
    expect((await updateAttributes(browser, 'identity', identity())).statusCode).toBe(200);
    expect((await updateAttributes(browser, 'address', { address: addresses.GB })).statusCode).toBe(
      200,
    );
    const same = await browser.post('/client/v1/update-country', { country_id: id('GB') });
    expect(customerSchema.parse(same.json()).address?.postcode).toBe('SW1A 2AA');
    const moved = await browser.post('/client/v1/update-country', { country_id: id('IE') });
    const customer = customerSchema.parse(moved.json());
    expect(customer.address).toBeNull();
    expect(customer.name).toBe('Ada');
    expect(customer.is_address_information_required).toBe(true);
  });
});

describe('POST /client/v1/update?category=identity', () => {
  it('saves nested values under their dotted attributes and clears the identity flag', async () => {
    const { browser } = await signUpIn('GB');
    const response = await updateAttributes(browser, 'identity', identity({ name: '  Ada  ' }));
    expect(response.statusCode).toBe(200);
    const customer = customerSchema.parse(response.json());
    expect(customer).toMatchObject({
      name: 'Ada',
      second_name: 'King',
      third_name: 'Lovelace',
      whole_name: 'Ada King Lovelace',
      nationality: { iso2_alpha: 'GB' },
      birth_detail: { birth_date: '1990-12-10' },
      is_identity_information_required: false,
      is_address_information_required: true,
      is_employment_information_required: true,
    });
    expect(attributeValue(customer, 'birth_detail.birth_date')).toBe('1990-12-10');
    expect(attributeValue(customer, 'nationality_id')).toBe(id('GB'));

    // An empty optional value clears it; a literal dotted key is accepted too.
    const cleared = await updateAttributes(browser, 'identity', {
      second_name: '',
      'birth_detail.birth_date': '1991-01-02',
    });
    expect(cleared.statusCode).toBe(200);
    expect(customerSchema.parse(cleared.json())).toMatchObject({
      second_name: null,
      whole_name: 'Ada Lovelace',
      birth_detail: { birth_date: '1991-01-02' },
    });
  });

  it('answers 422 per dotted attribute for required, format, unknown and foreign keys', async () => {
    const { browser } = await signUpIn('GB');
    const response = await updateAttributes(browser, 'identity', {
      name: '   ',
      third_name: 'L0velace',
      nationality_id: '00000000-0000-4000-8000-000000000000',
      birth_detail: { birth_date: '10/12/1990' },
      address: { postcode: 'SW1A 2AA' },
      favourite_colour: 'blue',
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    expect(body.errors).toEqual({
      name: ['The first name field is required.'],
      third_name: ['Use letters, spaces, hyphens and apostrophes only.'],
      nationality_id: ['Choose your nationality from the list.'],
      'birth_detail.birth_date': ['Enter the date as YYYY-MM-DD.'],
      'address.postcode': [NOT_IN_PROFILE],
      favourite_colour: [NOT_IN_PROFILE],
    });
    expect(body.message).toBe('The first name field is required. (and 5 more errors)');
    expect(
      (await updateAttributes(browser, 'identity', { nationality_id: 'GB' })).json(),
    ).toMatchObject({
      errors: { nationality_id: ['Choose your nationality from the list.'] },
    });
  });

  it('issue 28: says a name is over its 100 characters, and serves that limit to the form', async () => {
    const { browser, customer } = await signUpIn('GB');
    const limits = Object.fromEntries(customer.attributes.map((a) => [a.attribute, a.max_length]));
    expect(limits).toMatchObject({ name: 100, second_name: 100, third_name: 100 });
    const response = await updateAttributes(
      browser,
      'identity',
      identity({ name: 'A'.repeat(195), third_name: 'L'.repeat(101) }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: object }>().errors).toEqual({
      name: ['The first name must not be longer than 100 characters.'],
      third_name: ['The last name must not be longer than 100 characters.'],
    });
    const accepted = await updateAttributes(
      browser,
      'identity',
      identity({ name: 'A'.repeat(100) }),
    );
    expect(accepted.statusCode).toBe(200);
  });

  it('writes nothing when any one value is wrong', async () => {
    const { browser } = await signUpIn('GB');
    const response = await updateAttributes(
      browser,
      'identity',
      identity({ birth_detail: { birth_date: dateBefore(0, -1) } }),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual([
      'birth_detail.birth_date',
    ]);
    const customer = await profileOf(browser);
    expect(customer).toMatchObject({ name: null, third_name: null, nationality: null });
    expect(customer.birth_detail).toBeNull();
  });

  it('checks the date of birth on the injected clock', async () => {
    const { browser, email } = await signUpIn('GB');
    const birthDate = (value: string) =>
      updateAttributes(browser, 'identity', { birth_detail: { birth_date: value } });
    const errorOf = async (value: string) =>
      (await birthDate(value)).json<{ errors?: Record<string, string[]> }>().errors?.[
        'birth_detail.birth_date'
      ];

    expect(await errorOf(dateBefore(0, -1))).toEqual([BIRTH_DATE_MESSAGES.future]);
    expect(await errorOf('1899-12-31')).toEqual([BIRTH_DATE_MESSAGES.tooEarly]);
    expect(await errorOf('2001-02-30')).toEqual([BIRTH_DATE_MESSAGES.notADate]);
    expect(await errorOf('1990-13-01')).toEqual([BIRTH_DATE_MESSAGES.notADate]);
    expect(await errorOf(dateBefore(0))).toEqual([BIRTH_DATE_MESSAGES.tooYoung]);
    const almost18 = dateBefore(18, -1);
    expect(await errorOf(almost18)).toEqual([BIRTH_DATE_MESSAGES.tooYoung]);
    expect((await birthDate('1900-01-01')).statusCode).toBe(200);
    expect((await birthDate(dateBefore(18))).statusCode).toBe(200);

    // Tomorrow (on the clock) the same person is 18.
    clock.advance(24 * 60 * 60 * 1000);
    // The session has idled out by then: sign in again (no second factor while unverified).
    const login = await browser.post('/client/v1/login', { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    expect((await birthDate(almost18)).statusCode).toBe(200);
    expect((await profileOf(browser)).birth_detail?.birth_date).toBe(almost18);
  });

  it('refuses an unknown category', async () => {
    const { browser } = await signUpIn('GB');
    const response = await updateAttributes(browser, 'hobbies', { name: 'Ada' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { category: expect.any(Array) } });
  });
});

describe('POST /client/v1/update?category=address', () => {
  const postcodes: Record<
    string,
    { valid: string[]; invalid: string[]; stored?: [string, string] }
  > = {
    GB: {
      valid: ['SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'EC1A1BB', 'GIR 0AA'],
      invalid: ['12345', 'SW1A 1A', 'ZZZ 1AA', 'SW1A-1AA'],
      stored: ['sw1a 1aa', 'SW1A 1AA'],
    },
    US: {
      valid: ['20500', '94105-1234'],
      invalid: ['2050', '205000', '94105-12', 'ABCDE', '94105 1234'],
    },
    AU: { valid: ['2000', '0800'], invalid: ['200', '20000', 'NSW1'] },
    CA: {
      valid: ['K1A 0B1', 'M5V3L9', 'h2z 1b7'],
      invalid: ['K1A 0B', 'D1A 0B1', 'K1A 0O1', '12345', 'KKA 0B1'],
      stored: ['h2z 1b7', 'H2Z 1B7'],
    },
    IE: {
      valid: ['D02 X285', 'A65F4E2', 'D6W 1234', 'T12 ak34'],
      invalid: ['D02', 'B02 X285', 'D02 X28', 'D02 X28O', '12345'],
    },
  };

  it.each(Object.keys(postcodes))('checks %s postcodes against the real format', async (iso2) => {
    const { browser } = await signUpIn(iso2);
    const cases = postcodes[iso2] ?? { valid: [], invalid: [] };
    const catalogue = await profileOf(browser);
    const definition = catalogue.attributes.find((a) => a.attribute === 'address.postcode');
    const pattern = new RegExp(definition?.regular_expression ?? 'no pattern');
    for (const invalid of cases.invalid) {
      const response = await updateAttributes(browser, 'address', {
        address: { postcode: invalid },
      });
      expect(response.statusCode, invalid).toBe(422);
      expect(response.json(), invalid).toMatchObject({
        errors: { 'address.postcode': [definition?.expression_error_message] },
      });
      // The web app checks the same source.
      expect(pattern.test(invalid), invalid).toBe(false);
    }
    for (const valid of cases.valid) {
      const response = await updateAttributes(browser, 'address', { address: { postcode: valid } });
      expect(response.statusCode, valid).toBe(200);
      expect(pattern.test(valid), valid).toBe(true);
    }
    if (cases.stored) {
      const [sent, stored] = cases.stored;
      const response = await updateAttributes(browser, 'address', { address: { postcode: sent } });
      expect(customerSchema.parse(response.json()).address?.postcode).toBe(stored);
    }
  });

  it('saves a full address in each country and clears the address flag', async () => {
    for (const [iso2, address] of Object.entries(addresses)) {
      const { browser } = await signUpIn(iso2);
      const response = await updateAttributes(browser, 'address', { address });
      expect(response.statusCode, iso2).toBe(200);
      const customer = customerSchema.parse(response.json());
      expect(customer.address, iso2).toMatchObject({ ...address, address_line_2: null });
      expect(customer.is_address_information_required, iso2).toBe(false);
    }
  });

  it('offers the real region lists and refuses anything else', async () => {
    const regions = async (iso2: string) => {
      const { browser, customer } = await signUpIn(iso2);
      const region = customer.attributes.find((a) => a.attribute === 'address.region');
      return { browser, region };
    };
    const us = await regions('US');
    expect(us.region).toMatchObject({ input_mode: 'select', label: 'State', is_required: true });
    const usValues = us.region?.options?.map((o) => o.value) ?? [];
    expect(usValues).toHaveLength(51);
    expect(usValues).toEqual(expect.arrayContaining(['CA', 'NY', 'TX', 'DC', 'AK', 'HI']));
    expect(usValues).not.toContain('PR');
    expect(us.region?.options).toContainEqual({ value: 'CA', label: 'California' });

    const au = await regions('AU');
    expect(au.region?.options?.map((o) => o.value).sort()).toEqual(
      ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'].sort(),
    );
    const ca = await regions('CA');
    expect(ca.region?.options?.map((o) => o.value).sort()).toEqual(
      ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'].sort(),
    );
    const gb = await regions('GB');
    expect(gb.region).toMatchObject({ input_mode: 'text', is_required: false, options: null });

    const refused = await updateAttributes(us.browser, 'address', { address: { region: 'ON' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { 'address.region': ['Choose your state from the list.'] },
    });
    const required = await updateAttributes(au.browser, 'address', { address: { region: '' } });
    expect(required.json()).toMatchObject({
      errors: { 'address.region': ['The state or territory field is required.'] },
    });
  });
});

describe('POST /client/v1/update?category=employment', () => {
  it('offers occupations and salary ranges in the source currency, and checks them', async () => {
    const { browser, customer } = await signUpIn('GB');
    const salary = customer.attributes.find((a) => a.attribute === 'employment.salary_range');
    expect(salary?.options).toContainEqual({
      value: 'GBP_25000_49999',
      label: 'GBP 25,000 – 49,999',
    });
    const occupation = customer.attributes.find((a) => a.attribute === 'employment.occupation');
    expect(occupation?.options?.length).toBeGreaterThan(10);

    const refused = await updateAttributes(browser, 'employment', {
      employment: { occupation: 'ASTRONAUT', salary_range: 'USD_25000_49999' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: {
        'employment.occupation': ['Choose your occupation from the list.'],
        'employment.salary_range': ['Choose your yearly income from the list.'],
      },
    });
    const saved = await updateAttributes(browser, 'employment', {
      employment: { occupation: 'ENGINEER', salary_range: 'GBP_25000_49999' },
    });
    expect(saved.statusCode).toBe(200);
    const updated = customerSchema.parse(saved.json());
    expect(updated.is_employment_information_required).toBe(false);
    expect(attributeValue(updated, 'employment.occupation')).toBe('ENGINEER');
    // Employment values are not identity ones.
    const wrongCategory = await updateAttributes(browser, 'identity', {
      employment: { occupation: 'ENGINEER' },
    });
    expect(wrongCategory.json()).toMatchObject({
      errors: { 'employment.occupation': [NOT_IN_PROFILE] },
    });
    const us = await signUpIn('US');
    expect(
      us.customer.attributes.find((a) => a.attribute === 'employment.salary_range')?.options?.[1],
    ).toEqual({ value: 'USD_25000_49999', label: 'USD 25,000 – 49,999' });
  });
});

describe('derived flags and tasks through onboarding', () => {
  it('moves each flag and task as the customer fills the profile', async () => {
    const { browser, email } = await signUp();
    const tasks = async () => {
      const response = await browser.get('/client/v1/tasks');
      expect(response.statusCode).toBe(200);
      return Object.fromEntries(
        taskListSchema.parse(response.json()).map((task) => [task.id, task.status]),
      );
    };
    expect(await tasks()).toEqual({
      email_verification: 'pending',
      has_contact_number: 'pending',
      has_identity_document: 'pending',
      has_address: 'pending',
      recipient_created: 'pending',
      transaction_sent: 'pending',
    });

    await browser.post('/client/v1/verify-email-address', {
      otp: await latestCode(testApp.app, email),
    });
    await browser.post('/client/v1/update-country', { country_id: id('AU') });
    expect(await tasks()).toMatchObject({
      email_verification: 'completed',
      has_address: 'pending',
    });

    await updateAttributes(browser, 'identity', identity());
    let customer = await profileOf(browser);
    expect(customer).toMatchObject({
      is_identity_information_required: false,
      is_address_information_required: true,
      is_employment_information_required: true,
    });

    await updateAttributes(browser, 'address', { address: { address_line_1: '1 Macquarie St' } });
    expect((await tasks()).has_address).toBe('in_progress');
    expect((await profileOf(browser)).is_address_information_required).toBe(true);

    await updateAttributes(browser, 'address', { address: addresses.AU });
    expect((await tasks()).has_address).toBe('completed');

    await updateAttributes(browser, 'employment', {
      employment: { occupation: 'NURSE', salary_range: 'AUD_50000_99999' },
    });
    customer = await profileOf(browser);
    expect(customer).toMatchObject({
      is_identity_information_required: false,
      is_address_information_required: false,
      is_employment_information_required: false,
    });

    // Clearing an optional value does not owe anything; a required one cannot be cleared.
    expect(
      (await updateAttributes(browser, 'address', { address: { address_line_2: '' } })).statusCode,
    ).toBe(200);
    expect(
      (await updateAttributes(browser, 'address', { address: { city: null } })).json(),
    ).toMatchObject({
      errors: { 'address.city': ['The suburb or town field is required.'] },
    });

    await browser.post('/client/v1/update-mobile-number', {
      mobile_number_country_id: id('AU'),
      mobile_number: '0412 345 678',
    });
    expect((await tasks()).has_contact_number).toBe('completed');
    const all = taskListSchema.parse((await browser.get('/client/v1/tasks')).json());
    for (const task of all) {
      expect(task.title.length).toBeGreaterThan(5);
      expect(task.description.length).toBeGreaterThan(10);
    }
  });

  it('tasks need a signed-in customer', async () => {
    expect((await testApp.app.inject({ method: 'GET', url: '/client/v1/tasks' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /client/v1/update-mobile-number', () => {
  const setNumber = (browser: TestBrowser, iso2: string, number: string) =>
    browser.post('/client/v1/update-mobile-number', {
      mobile_number_country_id: id(iso2),
      mobile_number: number,
    });

  it('stores a valid mobile in E.164 with its country', async () => {
    const { browser } = await signUp();
    const response = await setNumber(browser, 'GB', '07400 123456');
    expect(response.statusCode).toBe(200);
    expect(customerSchema.parse(response.json()).account).toMatchObject({
      mobile_number: '+447400123456',
      mobile_number_country: { iso2_alpha: 'GB' },
    });
    // A UK-network number that libphonenumber files under Guernsey is accepted for the UK.
    expect((await setNumber(browser, 'GB', '+44 7911 123456')).statusCode).toBe(200);
    // Saving one's own number again is fine.
    expect((await setNumber(browser, 'GB', '+44 7911 123456')).statusCode).toBe(200);
  });

  it('refuses a landline, another country’s number and nonsense', async () => {
    const { browser } = await signUp();
    for (const [iso2, number, country] of [
      ['GB', '020 7946 0958', 'United Kingdom'],
      ['GB', '+33 6 12 34 56 78', 'United Kingdom'],
      ['US', '+1 613 555 0123', 'United States'],
      ['IE', 'not a number', 'Ireland'],
    ] as const) {
      const response = await setNumber(browser, iso2, number);
      expect(response.statusCode, number).toBe(422);
      expect(response.json(), number).toEqual({
        message: `Enter a valid mobile number for ${country}.`,
        errors: { mobile_number: [`Enter a valid mobile number for ${country}.`] },
      });
    }
    const unknownCountry = await browser.post('/client/v1/update-mobile-number', {
      mobile_number_country_id: '00000000-0000-4000-8000-000000000000',
      mobile_number: '07400 123456',
    });
    expect(unknownCountry.json()).toMatchObject({
      errors: { mobile_number_country_id: ['Choose the country of the number.'] },
    });
    expect((await profileOf(browser)).account.mobile_number).toBeNull();
  });

  it('lets one number belong to one customer only', async () => {
    const first = await signUp();
    const second = await signUp();
    expect((await setNumber(first.browser, 'CA', '(613) 555-0199')).statusCode).toBe(200);
    const taken = await setNumber(second.browser, 'CA', '+1 613 555 0199');
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({
      message: 'We cannot use this mobile number. Check it, or enter another one.',
      errors: {
        mobile_number: ['We cannot use this mobile number. Check it, or enter another one.'],
      },
    });
    // The database holds the rule too.
    await expect(
      testApp.database.db
        .update(accounts)
        .set({ mobile_number: '+16135550199' })
        .where(eq(accounts.customer_id, second.customer.id)),
    ).rejects.toThrow();
  });
});
