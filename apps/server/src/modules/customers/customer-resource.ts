import type { Country, Customer } from '@corridor/contracts';
import type { countries } from '../../db/schema.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import type { CustomerWithAccount } from './customer.repository.ts';

type CountryRow = typeof countries.$inferSelect;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

export function countryResource(row: CountryRow | null): Country | null {
  if (!row) return null;
  return {
    id: row.id,
    iso2_alpha: row.iso2_alpha,
    iso3_alpha: row.iso3_alpha,
    iso_numeric: row.iso_numeric,
    fips_code: row.fips_code,
    slug: row.slug,
    calling_code: row.calling_code,
    common_name: row.common_name,
    official_name: row.official_name,
    endonym: row.endonym,
    demonym: row.demonym,
  };
}

/** The Customer of SPEC §3, every field present, for the session that asks. */
export function customerResource(row: CustomerWithAccount, session: SessionRow): Customer {
  const { customer, account } = row;
  const wholeName = [customer.name, customer.second_name, customer.third_name]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  // Attributes (and so the rest of these flags) arrive with onboarding; without a country
  // nothing is known yet, so everything is still required (SPEC §3).
  const informationRequired = customer.country_id === null;
  return {
    id: customer.id,
    crn: customer.crn,
    name: customer.name,
    second_name: customer.second_name,
    third_name: customer.third_name,
    whole_name: wholeName || null,
    unique_identity_number: customer.unique_identity_number,
    created_at: iso(customer.created_at),
    updated_at: iso(customer.updated_at),
    poi_name_check: customer.poi_name_check,
    is_blocked_for_sending: customer.is_blocked_for_sending,
    account: {
      email: account.email,
      is_email_verified: account.is_email_verified,
      password_changed_at: isoOrNull(account.password_changed_at),
      mobile_number: account.mobile_number,
      mobile_number_country: countryResource(row.mobileCountry),
      created_at: iso(account.created_at),
      updated_at: iso(account.updated_at),
    },
    session: {
      id: session.id,
      is_mfa_completed: session.is_mfa_completed,
      session_token: session.public_token,
      mfa_method: session.mfa_method,
      client_version: session.client_version,
      os_version: session.os_version,
      touched_at: iso(session.touched_at),
      created_at: iso(session.created_at),
      updated_at: iso(session.updated_at),
    },
    country: countryResource(row.country),
    nationality: countryResource(row.nationality),
    address: null,
    birth_detail: null,
    attributes: [],
    documents: [],
    pending_documents: [],
    is_identity_information_required: informationRequired,
    is_address_information_required: informationRequired,
    is_employment_information_required: informationRequired,
  };
}
