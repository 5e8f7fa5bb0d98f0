import { maskEmail, type Country, type Customer, type Locale } from '@corridor/contracts';
import { countryFields } from '../countries/index.ts';
import { isInformationRequired, profileAttributes } from './profile-attributes.ts';
import {
  owesSecondFactor,
  sessionDeviceResource,
  sessionIpAddressResource,
  type SignedInSession,
} from '../sessions/index.ts';
import type { CustomerWithAccount } from './customer.repository.ts';
import type { CustomerDocumentsPart } from './documents-port.ts';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** The session that asks, as the resource shows it (docs/product/accounts-and-sessions.md#the-session-resource). */
function sessionResource(session: SignedInSession): Customer['session'] {
  return {
    id: session.id,
    is_mfa_completed: session.is_mfa_completed,
    session_token: session.public_token,
    token: session.public_token,
    mfa_method: session.mfa_method,
    client_version: session.client_version,
    os_version: session.os_version,
    ip_address: sessionIpAddressResource(session),
    device: sessionDeviceResource(session),
    touched_at: iso(session.touched_at),
    created_at: iso(session.created_at),
    updated_at: iso(session.updated_at),
  };
}

/** The countries a customer refers to, looked up by the caller. */
export interface CustomerCountries {
  country: Country | null;
  nationality: Country | null;
  mobileCountry: Country | null;
}

/**
 * The Customer of docs/product/customer-and-onboarding.md#the-customer-resource, every field present, with the keys the original product sends beside
 * them (docs/product/accounts-and-sessions.md#the-session-resource, docs/product/api-conventions.md#endpoints), for the session that asks; the attributes'
 * words in `locale`, the request's language.
 */

const countryOrNull = (country: Country | null) =>
  country === null ? null : countryFields(country);

export function customerResource(
  row: CustomerWithAccount,
  countries: CustomerCountries,
  session: SignedInSession,
  locale: Locale,
  documents: CustomerDocumentsPart,
): Customer {
  const { customer, account, address, birthDetail } = row;
  const wholeName = [customer.name, customer.second_name, customer.third_name]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  // Without a country nothing is known yet, so everything is still required (docs/product/api-conventions.md#countries-and-currencies).
  const hasCountry = countries.country !== null;
  const attributes = profileAttributes(row, countries.country?.iso2_alpha ?? null, locale);
  const resource: Customer = {
    id: customer.id,
    crn: customer.crn,
    name: customer.name,
    second_name: customer.second_name,
    third_name: customer.third_name,
    whole_name: wholeName || null,
    unique_identity_number: customer.unique_identity_number,
    created_at: iso(customer.created_at),
    updated_at: iso(customer.updated_at),
    // Derived from the approved proof of identity (documents module), never stored.
    poi_name_check: documents.poi_name_check,
    is_blocked_for_sending: customer.is_blocked_for_sending,
    locale: customer.locale,
    account: {
      email: account.email,
      is_email_verified: account.is_email_verified,
      password_changed_at: isoOrNull(account.password_changed_at),
      mobile_number: account.mobile_number,
      mobile_number_country: countryOrNull(countries.mobileCountry),
      // No number is confirmed by a code yet (onboarding asks for none).
      mobile_number_verified: false,
      created_at: iso(account.created_at),
      updated_at: iso(account.updated_at),
    },
    session: sessionResource(session),
    country: countryOrNull(countries.country),
    nationality: countryOrNull(countries.nationality),
    address: address
      ? {
          address_line_1: address.address_line_1,
          address_line_2: address.address_line_2,
          city: address.city,
          postcode: address.postcode,
          region: address.region,
          created_at: iso(address.created_at),
          updated_at: iso(address.updated_at),
        }
      : null,
    birth_detail: birthDetail
      ? {
          birth_date: birthDetail.birth_date,
          // Place and nationality at birth: not asked for.
          city: null,
          country_id: null,
          nationality_id: null,
          created_at: iso(birthDetail.created_at),
          updated_at: iso(birthDetail.updated_at),
        }
      : null,
    attributes,
    documents: documents.documents,
    pending_documents: documents.pending_documents,
    poi_info_check: null,
    is_identity_information_required: isInformationRequired(attributes, hasCountry, 'identity'),
    is_address_information_required: isInformationRequired(attributes, hasCountry, 'address'),
    is_employment_information_required: isInformationRequired(attributes, hasCountry, 'employment'),
  };
  return owesSecondFactor(session) ? beforeSecondFactor(resource) : resource;
}

/**
 * What a session that has only passed the password may see (issue 11, defect 2): what the
 * code screen needs (the masked email, the session, its method) and nothing personal. Every
 * key stays, empty, so the contract's shape holds. The session keeps its device (the software
 * that signed in) but not the IP address it came from.
 */
function beforeSecondFactor(customer: Customer): Customer {
  return {
    ...customer,
    crn: '',
    name: null,
    second_name: null,
    third_name: null,
    whole_name: null,
    unique_identity_number: null,
    poi_name_check: null,
    account: {
      ...customer.account,
      email: maskEmail(customer.account.email),
      password_changed_at: null,
      mobile_number: null,
      mobile_number_country: null,
      mobile_number_verified: false,
    },
    session: { ...customer.session, ip_address: null },
    country: null,
    nationality: null,
    address: null,
    birth_detail: null,
    attributes: [],
    documents: [],
    pending_documents: [],
    poi_info_check: null,
    is_identity_information_required: false,
    is_address_information_required: false,
    is_employment_information_required: false,
  };
}
