import { customerSchema, type Customer, type DeviceList } from '@corridor/contracts';
import type { Page } from '@playwright/test';

const now = '2026-11-22T10:00:00.000Z';

/**
 * A signed-in customer who has verified the email but not chosen a country, checked against
 * the shared contract.
 */
export const signedInCustomer: Customer = customerSchema.parse({
  id: '5b0c9c1e-8f1e-4d7a-9a51-1f1f0f0e2a11',
  crn: 'CRN0001',
  name: 'Ada',
  second_name: null,
  third_name: 'Lovelace',
  whole_name: 'Ada Lovelace',
  unique_identity_number: null,
  created_at: now,
  updated_at: now,
  poi_name_check: null,
  is_blocked_for_sending: false,
  account: {
    email: 'ada@example.com',
    is_email_verified: true,
    password_changed_at: null,
    mobile_number: null,
    mobile_number_country: null,
    mobile_number_verified: false,
    created_at: now,
    updated_at: now,
  },
  session: {
    id: '0e6f3a0c-2b7d-4d0e-8e0b-3c4d5e6f7a81',
    is_mfa_completed: true,
    session_token: 'public-handle',
    token: 'public-handle',
    mfa_method: 'EMAIL-OTP',
    client_version: '156',
    os_version: null,
    ip_address: {
      id: '3d5e7f90-1a2b-5c4d-8e6f-7a8b9c0d1e2f',
      ip_address: '127.0.0.1',
      geo_location: null,
    },
    device: {
      id: '0e6f3a0c-2b7d-4d0e-8e0b-3c4d5e6f7a81',
      device_type: 'desktop',
      client_code: 'CH',
      client_name: 'Chrome',
      client_version: '156',
      os_code: null,
      os_name: null,
      os_version: null,
      architecture: null,
      vendor: null,
      model: null,
    },
    touched_at: now,
    created_at: now,
    updated_at: now,
  },
  country: null,
  nationality: null,
  address: null,
  birth_detail: null,
  attributes: [],
  documents: [],
  pending_documents: [],
  poi_info_check: null,
  is_identity_information_required: true,
  is_address_information_required: true,
  is_employment_information_required: true,
});

/**
 * Answers the calls of the signed-in screens (profile, devices, tasks, source countries) as for
 * a signed-in customer who has not chosen a country yet, so the route table can be checked
 * without a sign-in journey per route.
 */
export async function mockSignedIn(page: Page): Promise<void> {
  await page.route('**/client/v1/profile', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: signedInCustomer }),
  );
  const noDevices: DeviceList = {
    data: [],
    pagination: {
      total: 0,
      count: 0,
      per_page: 25,
      current_page: 1,
      total_pages: 0,
      links: { self: '/client/v1/devices?page=1', next: null, prev: null },
    },
  };
  await page.route('**/client/v1/devices*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: noDevices }),
  );
  await page.route('**/client/v1/tasks', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: [] }),
  );
  // The onboarding screen asks where the customer may send from (this customer has no country).
  await page.route('**/client/v1/countries/source', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', json: { data: [] } }),
  );
}
