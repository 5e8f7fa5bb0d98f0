import { customerSchema, type Customer } from '../customer.ts';

const at = '2026-11-22T10:00:00.000Z';
const sessionId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

/** Objects are merged key by key; anything else (arrays, null, strings) replaces. */
export type CustomerOverrides = {
  [K in keyof Customer]?: Customer[K] extends object | null
    ? Customer[K] extends unknown[]
      ? Customer[K]
      : Partial<NonNullable<Customer[K]>> | null
    : Customer[K];
};

/**
 * A signed-in customer who has verified the email and chosen nothing yet, with `overrides`
 * merged in, parsed by the contract so a fixture can never drift from the wire format. The one
 * builder behind the web tests' and the browser journeys' fixtures.
 */
export function buildCustomer(overrides: CustomerOverrides = {}): Customer {
  const base: Customer = {
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
    poi_info_check: null,
    is_blocked_for_sending: false,
    locale: 'en',
    account: {
      email: 'ada@example.com',
      is_email_verified: true,
      password_changed_at: null,
      mobile_number: null,
      mobile_number_country: null,
      mobile_number_verified: false,
      created_at: at,
      updated_at: at,
    },
    session: {
      id: sessionId,
      is_mfa_completed: true,
      session_token: 'public-session-handle',
      token: 'public-session-handle',
      mfa_method: 'EMAIL-OTP',
      client_version: null,
      os_version: null,
      ip_address: {
        id: '0b7f6f1e-3c1d-5e2a-9b4c-6d7e8f9a0b1c',
        ip_address: '203.0.113.7',
        geo_location: null,
      },
      device: {
        id: sessionId,
        device_type: 'desktop',
        client_code: 'CH',
        client_name: 'Chrome',
        client_version: '156.0',
        os_code: 'MAC',
        os_name: 'macOS',
        os_version: '15.1',
        architecture: null,
        vendor: null,
        model: null,
      },
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
  };
  const isObject = (value: unknown): value is object =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
  }
  return customerSchema.parse(merged);
}
