import type { Country, CountryFields } from '@corridor/contracts';

/**
 * A country as other resources carry it (the customer, payout targets): the fields of docs/product/api-conventions.md#countries-and-currencies,
 * without the country list's `mobile_number_rule` (the original product's carry none either).
 */
export function countryFields(country: Country): CountryFields {
  return {
    id: country.id,
    iso2_alpha: country.iso2_alpha,
    iso3_alpha: country.iso3_alpha,
    iso_numeric: country.iso_numeric,
    fips_code: country.fips_code,
    slug: country.slug,
    calling_code: country.calling_code,
    common_name: country.common_name,
    official_name: country.official_name,
    endonym: country.endonym,
    demonym: country.demonym,
  };
}
