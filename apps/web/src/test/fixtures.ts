import { customerSchema, type Customer } from '@corridor/contracts';

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
