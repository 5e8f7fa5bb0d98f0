import {
  customerSchema,
  deviceSchema,
  passwordPolicySchema,
  type Customer,
  type Device,
  type DeviceList,
  type PasswordPolicy,
} from '@corridor/contracts';

const at = '2026-11-22T10:00:00.000Z';

/** A signed-in customer who has just registered; parsed so it always matches the contracts. */
export function customerFixture(): Customer {
  return customerSchema.parse({
    id: '0f8fad5b-d9cb-469f-a165-70867728950e',
    crn: 'C1000001',
    name: null,
    second_name: null,
    third_name: null,
    whole_name: null,
    unique_identity_number: null,
    created_at: at,
    updated_at: at,
    poi_name_check: null,
    is_blocked_for_sending: false,
    account: {
      email: 'ada@example.com',
      is_email_verified: true,
      password_changed_at: null,
      mobile_number: null,
      mobile_number_country: null,
      created_at: at,
      updated_at: at,
    },
    session: {
      id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      is_mfa_completed: true,
      session_token: 'public-session-handle',
      mfa_method: 'EMAIL-OTP',
      client_version: null,
      os_version: null,
      touched_at: at,
      created_at: at,
      updated_at: at,
    },
    country: null,
    nationality: null,
    address: null,
    birth_detail: null,
    attributes: [],
    documents: [],
    pending_documents: [],
    is_identity_information_required: true,
    is_address_information_required: true,
    is_employment_information_required: true,
  });
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

/** The policy the server serves by default (DESIGN §4): 12 characters, upper, lower, digits. */
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
    client_name: 'Chrome',
    client_version: '156.0',
    os_name: 'macOS',
    os_version: '15.1',
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
