import { systemClock, type Clock } from '../../lib/clock.ts';
import { createRequire } from 'node:module';
import currencyCodes from 'currency-codes';
import { sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { Countries } from 'world-countries';
import type { Database } from '../database.ts';
import { countries } from '../../modules/countries/countries.schema.ts';
import { currencies } from '../../modules/payouts/payouts.schema.ts';
import { seedPayoutReferenceData } from './seed-payout-reference-data.ts';

type CountryRow = typeof countries.$inferInsert;
type CurrencyRow = typeof currencies.$inferInsert;

// The package's entry is a JSON file, which Node's ESM loader only imports with an attribute.
const worldCountries = createRequire(import.meta.url)('world-countries') as Countries;

const phoneRegions = new Set<string>(getCountries());

/** "Åland Islands" → "aland-islands". */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The calling code without "+": libphonenumber-js first (the metadata that will validate
 * numbers), else world-countries' IDD root and its single suffix.
 */
function callingCode(iso2: string, idd: { root: string; suffixes: string[] }): string | null {
  if (phoneRegions.has(iso2)) return getCountryCallingCode(iso2 as CountryCode);
  if (idd.root && idd.suffixes.length === 1) return `${idd.root}${idd.suffixes[0]}`.slice(1);
  return null;
}

/** Every ISO 3166-1 country (plus the user-assigned XK, Kosovo) from maintained packages. */
export function countryRows(): CountryRow[] {
  return worldCountries.map((country) => {
    const nativeNames = Object.entries(country.name.native ?? {});
    const firstLanguage = Object.keys(country.languages ?? {})[0];
    const endonym =
      (firstLanguage ? country.name.native?.[firstLanguage]?.common : undefined) ??
      nativeNames[0]?.[1].common ??
      country.name.common;
    return {
      iso2_alpha: country.cca2,
      iso3_alpha: country.cca3,
      iso_numeric: country.ccn3 || null,
      fips_code: null,
      slug: slugify(country.name.common),
      calling_code: callingCode(country.cca2, country.idd),
      common_name: country.name.common,
      official_name: country.name.official,
      endonym,
      demonym: country.demonyms?.eng?.m || null,
    };
  });
}

/** Every active ISO 4217 currency that has a minor-unit exponent. */
export function currencyRows(): CurrencyRow[] {
  return currencyCodes.data
    .filter((currency) => typeof currency.digits === 'number' && currency.number)
    .map((currency) => ({
      iso_alpha: currency.code,
      iso_numeric: currency.number.padStart(3, '0'),
      name: currency.currency,
      decimal_places: currency.digits,
    }));
}

/** Idempotent: inserts what is missing and refreshes what the packages changed. */
export async function seedReferenceData(db: Database, clock: Clock = systemClock): Promise<void> {
  const now = clock.now();
  await db
    .insert(countries)
    .values(countryRows())
    .onConflictDoUpdate({
      target: countries.iso2_alpha,
      set: {
        iso3_alpha: sql`excluded.iso3_alpha`,
        iso_numeric: sql`excluded.iso_numeric`,
        slug: sql`excluded.slug`,
        calling_code: sql`excluded.calling_code`,
        common_name: sql`excluded.common_name`,
        official_name: sql`excluded.official_name`,
        endonym: sql`excluded.endonym`,
        demonym: sql`excluded.demonym`,
        updated_at: now,
      },
      // Only rows whose data changed are rewritten, so a restart writes nothing.
      setWhere: sql`(${countries.iso3_alpha}, ${countries.iso_numeric}, ${countries.slug}, ${countries.calling_code}, ${countries.common_name}, ${countries.official_name}, ${countries.endonym}, ${countries.demonym}) is distinct from (excluded.iso3_alpha, excluded.iso_numeric, excluded.slug, excluded.calling_code, excluded.common_name, excluded.official_name, excluded.endonym, excluded.demonym)`,
    });
  await db
    .insert(currencies)
    .values(currencyRows())
    .onConflictDoUpdate({
      target: currencies.iso_alpha,
      set: {
        iso_numeric: sql`excluded.iso_numeric`,
        name: sql`excluded.name`,
        decimal_places: sql`excluded.decimal_places`,
        updated_at: now,
      },
      setWhere: sql`(${currencies.iso_numeric}, ${currencies.name}, ${currencies.decimal_places}) is distinct from (excluded.iso_numeric, excluded.name, excluded.decimal_places)`,
    });
  // Payout targets, methods, partners, purposes and relationships refer to the rows above.
  await seedPayoutReferenceData(db, clock);
}
