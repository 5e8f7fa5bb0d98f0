import { buildCustomer } from '@corridor/contracts/testing';
import {
  attributeSchema,
  deviceSchema,
  listedCountrySchema,
  passwordPolicySchema,
  type Attribute,
  type Country,
  type Customer,
  type Device,
  type DeviceList,
  type PasswordPolicy,
} from '@corridor/contracts';

const at = '2026-11-22T10:00:00.000Z';

/** A signed-in customer who has just registered (the shared builder, parsed by the contract). */
export function customerFixture(): Customer {
  return buildCustomer();
}

/** A customer who signed in with a verified email and still owes the MFA code. */
export function customerOwingMfaFixture(): Customer {
  const customer = customerFixture();
  return { ...customer, session: { ...customer.session, is_mfa_completed: false } };
}

/** A customer who has just signed up: email not verified, no MFA method yet. */
export function unverifiedCustomerFixture(): Customer {
  const customer = customerFixture();
  return {
    ...customer,
    account: { ...customer.account, is_email_verified: false },
    session: { ...customer.session, is_mfa_completed: false, mfa_method: null },
  };
}

/** The policy the server serves by default (docs/product/accounts-and-sessions.md#password-policy): 12 characters, upper, lower, digits. */
export function passwordPolicyFixture(): PasswordPolicy {
  return passwordPolicySchema.parse({
    length: { value: 12, message: 'At least 12 characters', regex: null },
    uppercase: { value: true, message: 'At least one uppercase letter', regex: '/[A-Z]/' },
    lowercase: { value: true, message: 'At least one lowercase letter', regex: '/[a-z]/' },
    digits: { value: true, message: 'At least one number', regex: '/[0-9]/' },
    wildcard: {
      value: false,
      message: 'At least one symbol, such as ! or #',
      regex: '/[^A-Za-z0-9]/',
    },
  });
}

/** A signed-in device; `overrides` name what a test cares about. */
export function deviceFixture(overrides: Partial<Device> = {}): Device {
  return deviceSchema.parse({
    id: '3f2b8a4e-5c6d-4e7f-8a9b-0c1d2e3f4a5b',
    device_type: 'desktop',
    client_code: 'CH',
    client_name: 'Chrome',
    client_version: '156.0',
    os_code: 'MAC',
    os_name: 'macOS',
    os_version: '15.1',
    architecture: null,
    model: null,
    vendor: null,
    ip_address: '203.0.113.7',
    touched_at: at,
    created_at: at,
    is_current: false,
    ...overrides,
  });
}

/** `{data, pagination}` with everything on one page. */
export function deviceListFixture(devices: Device[]): DeviceList {
  return {
    data: devices,
    pagination: {
      total: devices.length,
      count: devices.length,
      per_page: 25,
      current_page: 1,
      total_pages: 1,
      links: { self: '/client/v1/devices?page=1', next: null, prev: null },
    },
  };
}

/** A country; ids are fixed per code so tests can send and expect them. */
export function countryFixture(
  iso2: string,
  name: string,
  callingCode: string | null,
  index: number,
): Country {
  const n = String(index).padStart(12, '0');
  return listedCountrySchema.parse({
    id: `5a0c3e1e-1b2c-4d3e-8f40-${n}`,
    iso2_alpha: iso2,
    iso3_alpha: `${iso2}X`,
    iso_numeric: String(index).padStart(3, '0'),
    fips_code: null,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    calling_code: callingCode,
    common_name: name,
    official_name: name,
    endonym: name,
    demonym: null,
    mobile_number_rule: { exact_length: null, min_length: 7, max_length: 10, expression: null },
  });
}

export const unitedKingdom = countryFixture('GB', 'United Kingdom', '+44', 1);
export const unitedStates = countryFixture('US', 'United States', '+1', 2);
export const australia = countryFixture('AU', 'Australia', '+61', 3);
export const nigeria = countryFixture('NG', 'Nigeria', '+234', 4);

/** The countries one may send from, and all countries (a few stand in for 250). */
export const sourceCountriesFixture = [unitedKingdom, unitedStates, australia];
export const allCountriesFixture = [australia, nigeria, unitedKingdom, unitedStates];

/** An attribute; `overrides` name what a test cares about. */
export function attributeFixture(
  overrides: Partial<Attribute> & Pick<Attribute, 'attribute'>,
): Attribute {
  return attributeSchema.parse({
    category: 'identity',
    input_mode: 'text',
    options: null,
    placeholder_text: null,
    regular_expression: null,
    mask: null,
    expression_error_message: null,
    rules: null,
    label: overrides.attribute,
    info_text: null,
    is_required: true,
    value: null,
    ...overrides,
  });
}

/** What the United Kingdom asks for, in the server's order. */
export function ukAttributesFixture(): Attribute[] {
  return [
    attributeFixture({
      attribute: 'name',
      label: 'First name',
      regular_expression: "^[A-Za-z' -]{1,50}$",
      expression_error_message: 'Use letters, spaces, hyphens and apostrophes only.',
    }),
    attributeFixture({ attribute: 'second_name', label: 'Last name' }),
    attributeFixture({
      attribute: 'birth_detail.birth_date',
      label: 'Date of birth',
      input_mode: 'date',
      info_text: 'You must be 18 or over.',
    }),
    attributeFixture({ attribute: 'nationality_id', label: 'Nationality', input_mode: 'country' }),
    attributeFixture({
      attribute: 'address.postcode',
      category: 'address',
      label: 'Postcode',
      placeholder_text: 'SW1A 1AA',
      regular_expression: '^[A-Z]{1,2}[0-9][A-Z0-9]? ?[0-9][A-Z]{2}$',
      expression_error_message: 'Enter a real postcode, like SW1A 1AA.',
    }),
    attributeFixture({ attribute: 'address.city', category: 'address', label: 'Town or city' }),
    attributeFixture({
      attribute: 'employment.occupation_id',
      category: 'employment',
      label: 'Occupation',
      input_mode: 'select',
      options: [
        { value: 'ACCOUNTANT', label: 'Accountant' },
        { value: 'ENGINEER', label: 'Engineer' },
        { value: 'OTHER', label: 'Other' },
      ],
    }),
  ];
}

/** A verified customer in the United Kingdom who still owes every profile step. */
export function ukCustomerFixture(): Customer {
  return { ...customerFixture(), country: unitedKingdom, attributes: ukAttributesFixture() };
}

/** A customer who owes nothing: every step of onboarding done. */
export function onboardedCustomerFixture(): Customer {
  const customer = ukCustomerFixture();
  return {
    ...customer,
    name: 'Ada',
    account: {
      ...customer.account,
      mobile_number: '+447400123456',
      mobile_number_country: unitedKingdom,
    },
    is_identity_information_required: false,
    is_address_information_required: false,
    is_employment_information_required: false,
  };
}
