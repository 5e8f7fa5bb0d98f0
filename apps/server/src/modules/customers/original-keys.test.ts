/**
 * Issue 12, "The original product's keys in today's answers": a client written for the original
 * product reads these keys of its customer (docs/product/accounts-and-sessions.md#the-session-resource, docs/product/identity-documents.md#catalogue, docs/product/recipients.md#reference-resources,
 * docs/product/api-conventions.md#endpoints; its fixtures login.json, profile-*.json, verify-email.json, update-*.json). Every answer
 * that carries the customer is checked here, raw, for every one of them, and parsed by the
 * contract.
 */
import { apiPaths, customerSchema, type Customer, type OutboxMessage } from '@corridor/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { fromAddress } from '../../test/client-address.ts';
import {
  expectOriginalKeys,
  ORIGINAL_COUNTRY_KEYS,
  ORIGINAL_DEVICE_KEYS,
} from '../../test/original-product-keys.ts';
import { STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

const ORIGINAL_KEYS = {
  customer: [
    'id',
    'crn',
    'name',
    'second_name',
    'third_name',
    'whole_name',
    'unique_identity_number',
    'is_blocked_for_sending',
    'account',
    'session',
    'country',
    'nationality',
    'address',
    'birth_detail',
    'created_at',
    'updated_at',
    'attributes',
    'documents',
    'pending_documents',
    'poi_info_check',
  ],
  account: [
    'email',
    'is_email_verified',
    'password_changed_at',
    'mobile_number_country',
    'mobile_number',
    'mobile_number_verified',
    'created_at',
    'updated_at',
  ],
  session: [
    'id',
    'is_mfa_completed',
    'token',
    'mfa_method',
    'client_version',
    'os_version',
    'ip_address',
    'device',
    'touched_at',
    'created_at',
    'updated_at',
  ],
  ipAddress: ['id', 'ip_address', 'geo_location'],
  device: ORIGINAL_DEVICE_KEYS,
  country: ORIGINAL_COUNTRY_KEYS,
  address: [
    'address_line_1',
    'address_line_2',
    'city',
    'postcode',
    'region',
    'created_at',
    'updated_at',
  ],
  birthDetail: ['birth_date', 'city', 'country_id', 'nationality_id', 'created_at', 'updated_at'],
  attribute: [
    'attribute',
    'input_mode',
    'category',
    'regular_expression',
    'mask',
    'expression_error_message',
    'rules',
    'label',
    'info_text',
    'placeholder_text',
    'is_required',
    'value',
  ],
  pendingDocument: ['id', 'code', 'title', 'description', 'document_types'],
  documentType: [
    'id',
    'code',
    'title',
    'description',
    'public_upload',
    'info',
    'document_number_label',
    'api',
  ],
} as const;

/** Every original key, at every level the answer has; then the contract parses it. */
function expectOriginalCustomer(response: LightMyRequestResponse, answer: string): Customer {
  expect(response.statusCode, answer).toBeLessThan(300);
  const customer = expectOriginalKeys(response.json(), ORIGINAL_KEYS.customer, answer);
  const account = expectOriginalKeys(customer.account, ORIGINAL_KEYS.account, `${answer}: account`);
  const session = expectOriginalKeys(customer.session, ORIGINAL_KEYS.session, `${answer}: session`);
  expectOriginalKeys(session.device, ORIGINAL_KEYS.device, `${answer}: session.device`);
  if (session.ip_address !== null)
    expectOriginalKeys(
      session.ip_address,
      ORIGINAL_KEYS.ipAddress,
      `${answer}: session.ip_address`,
    );
  for (const [key, country] of [
    ['country', customer.country],
    ['nationality', customer.nationality],
    ['account.mobile_number_country', account.mobile_number_country],
  ] as const) {
    if (country !== null) expectOriginalKeys(country, ORIGINAL_KEYS.country, `${answer}: ${key}`);
  }
  if (customer.address !== null)
    expectOriginalKeys(customer.address, ORIGINAL_KEYS.address, `${answer}: address`);
  if (customer.birth_detail !== null)
    expectOriginalKeys(customer.birth_detail, ORIGINAL_KEYS.birthDetail, `${answer}: birth_detail`);
  for (const attribute of customer.attributes as unknown[]) {
    const raw = expectOriginalKeys(attribute, ORIGINAL_KEYS.attribute, `${answer}: attributes[]`);
    expect(raw.rules, `${answer}: attributes[].rules`).toBeNull();
  }
  for (const category of customer.pending_documents as unknown[]) {
    const raw = expectOriginalKeys(
      category,
      ORIGINAL_KEYS.pendingDocument,
      `${answer}: pending_documents`,
    );
    for (const type of raw.document_types as unknown[])
      expectOriginalKeys(type, ORIGINAL_KEYS.documentType, `${answer}: document_types[]`);
  }
  return customerSchema.parse(response.json());
}

const testApp = appPerFile();
let gb: string;
beforeAll(async () => {
  const countries = (await testApp.app.inject({ method: 'GET', url: apiPaths.countries })).json<{
    data: { id: string; iso2_alpha: string }[];
  }>();
  const found = countries.data.find((country) => country.iso2_alpha === 'GB');
  if (!found) throw new Error('no GB');
  gb = found.id;
});

function browserAt(ip: string): TestBrowser {
  return new TestBrowser(fromAddress(testApp.app, ip));
}

async function codeIn(to: string, subject: RegExp): Promise<string> {
  const response = await testApp.app.inject({ method: 'GET', url: apiPaths.devMailbox });
  const [newest] = response
    .json<OutboxMessage[]>()
    .filter((mail) => mail.to === to && subject.test(mail.subject));
  const code = /\b(\d{6})\b/.exec(newest?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the original keys of the customer', () => {
  it('are in every answer that carries the customer, from sign-up to profile', async () => {
    const email = 'original-keys@example.com';
    const b = browserAt('10.45.0.1');
    const signUp = await b.post(apiPaths.signup, {
      email,
      password: STRONG_PASSWORD,
      confirm_password: STRONG_PASSWORD,
    });
    expect(signUp.statusCode).toBe(201);
    expectOriginalCustomer(signUp, 'signup');

    const verified = await b.post(apiPaths.verifyEmailAddress, {
      otp: await codeIn(email, /^Verify your email address/),
    });
    expectOriginalCustomer(verified, 'verify-email-address');

    const withCountry = expectOriginalCustomer(
      await b.post(apiPaths.updateCountry, { country_id: gb }),
      'update-country',
    );
    expect(withCountry.country?.iso2_alpha).toBe('GB');

    const identity = expectOriginalCustomer(
      await b.post('/client/v1/update?category=identity', {
        name: 'Ada',
        third_name: 'Lovelace',
        birth_detail: { birth_date: '1990-12-10' },
        nationality_id: gb,
      }),
      'update identity',
    );
    expect(identity.birth_detail).toMatchObject({
      birth_date: '1990-12-10',
      city: null,
      country_id: null,
      nationality_id: null,
    });
    expectOriginalCustomer(
      await b.post('/client/v1/update?category=address', {
        address: { address_line_1: '12 Analytical Row', city: 'London', postcode: 'SW1A 1AA' },
      }),
      'update address',
    );
    const mobile = expectOriginalCustomer(
      await b.post('/client/v1/update-mobile-number', {
        mobile_number_country_id: gb,
        mobile_number: '07400 123456',
      }),
      'update-mobile-number',
    );
    expect(mobile.account).toMatchObject({
      mobile_number: '+447400123456',
      mobile_number_verified: false,
    });
    expectOriginalCustomer(await b.get(apiPaths.profile), 'profile');
  });

  it('are in login, mfa and profile; the session shows its address and device after the second factor', async () => {
    const email = 'original-keys-mfa@example.com';
    const first = browserAt('10.45.1.1');
    expect(
      (
        await first.post(apiPaths.signup, {
          email,
          password: STRONG_PASSWORD,
          confirm_password: STRONG_PASSWORD,
        })
      ).statusCode,
    ).toBe(201);
    await first.post(apiPaths.verifyEmailAddress, {
      otp: await codeIn(email, /^Verify your email address/),
    });
    await first.post(apiPaths.updateCountry, { country_id: gb });
    await first.post('/client/v1/update?category=identity', {
      birth_detail: { birth_date: '1990-12-10' },
    });

    const signIn = async (ip: string) => {
      const b = browserAt(ip);
      const login = expectOriginalCustomer(
        await b.post(apiPaths.login, { email, password: STRONG_PASSWORD }),
        'login',
      );
      // Before the second factor: the device stays, the address it came from does not.
      expect(login.session).toMatchObject({ is_mfa_completed: false, ip_address: null });
      expect(login.session.device.id).toBe(login.session.id);
      expect(login.country).toBeNull();
      const mfa = expectOriginalCustomer(
        await b.post(apiPaths.mfa, { otp: await codeIn(email, /^Your Corridor sign-in code$/) }),
        'mfa',
      );
      const profile = expectOriginalCustomer(await b.get(apiPaths.profile), 'profile');
      expect(profile.session).toEqual(mfa.session);
      return mfa;
    };

    const mfa = await signIn('10.45.2.1');
    expect(mfa.session.token).toBe(mfa.session.session_token);
    expect(mfa.session.ip_address).toEqual({
      id: expect.stringMatching(UUID),
      ip_address: '10.45.2.1',
      geo_location: null,
    });
    expect(mfa.session.device).toEqual({
      id: mfa.session.id,
      device_type: 'desktop',
      client_code: 'CH',
      client_name: 'Chrome',
      client_version: '131.0.0.0',
      os_code: 'LIN',
      os_name: 'Linux',
      os_version: null,
      architecture: 'x64',
      vendor: null,
      model: null,
    });
    // The full country once the second factor is done, with every original key.
    expect(mfa.country).toMatchObject({ id: gb, iso2_alpha: 'GB', calling_code: '44' });
    expect(mfa.birth_detail?.birth_date).toBe('1990-12-10');
    expect(mfa.poi_info_check).toBeNull();
    expect(mfa.attributes.every((attribute) => attribute.rules === null)).toBe(true);

    // The same address has the same id; another address another.
    const again = await signIn('10.45.2.1');
    expect(again.session.id).not.toBe(mfa.session.id);
    expect(again.session.ip_address?.id).toBe(mfa.session.ip_address?.id);
    const elsewhere = await signIn('10.45.3.1');
    expect(elsewhere.session.ip_address?.id).not.toBe(mfa.session.ip_address?.id);
  });

  it('are in the contract, pending documents with their document types', () => {
    const shape = customerSchema.shape;
    expect(Object.keys(shape)).toEqual(expect.arrayContaining([...ORIGINAL_KEYS.customer]));
    expect(Object.keys(shape.account.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.account]),
    );
    expect(Object.keys(shape.session.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.session]),
    );
    expect(Object.keys(shape.birth_detail.unwrap().shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.birthDetail]),
    );
    expect(Object.keys(shape.attributes.element.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.attribute]),
    );
    // No category is owed yet (Corridor has no documents), so the shape is checked here.
    const pending = shape.pending_documents.element;
    expect(Object.keys(pending.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.pendingDocument]),
    );
    expect(Object.keys(pending.shape.document_types.element.shape)).toEqual(
      expect.arrayContaining([...ORIGINAL_KEYS.documentType]),
    );
  });
});
