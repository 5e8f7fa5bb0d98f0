/**
 * Where a customer may live and send from (docs/product/sending-money.md#corridors "Corridors"): the countries Corridor
 * serves, each with the currency paid in. The public country list says which they are
 * (`is_served`, defect 19), so a visitor learns it before signing up.
 */
export const SOURCE_COUNTRIES = [
  { iso2: 'GB', currency: 'GBP' },
  { iso2: 'US', currency: 'USD' },
  { iso2: 'AU', currency: 'AUD' },
  { iso2: 'CA', currency: 'CAD' },
  { iso2: 'IE', currency: 'EUR' },
] as const;

export type SourceCountryCode = (typeof SOURCE_COUNTRIES)[number]['iso2'];

const sourceCodes = new Set<string>(SOURCE_COUNTRIES.map((source) => source.iso2));
export const isSourceCountry = (iso2: string): iso2 is SourceCountryCode => sourceCodes.has(iso2);
