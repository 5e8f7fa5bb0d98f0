import { createRequire } from 'node:module';
import { inArray, sql } from 'drizzle-orm';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import type { Countries } from 'world-countries';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import { countries } from './countries.schema.ts';

type CountryRow = typeof countries.$inferInsert;

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

/**
 * The countries (ISO 3166-1, reference data the countries module owns). Idempotent: inserts what
 * is missing and refreshes what the packages changed.
 */
export async function seedCountries(db: Database, clock: Clock): Promise<void> {
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
}

/**
 * The ids of the countries with these ISO 3166-1 alpha-2 codes, read with `ex`: what other
 * modules' reference data refers to (the payout targets). A missing one is a mistake in their
 * seed, so it throws.
 */
export async function countryIdsByIso2(
  ex: Executor,
  codes: readonly string[],
): Promise<Map<string, string>> {
  const rows = await ex
    .select({ id: countries.id, code: countries.iso2_alpha })
    .from(countries)
    .where(inArray(countries.iso2_alpha, [...codes]));
  const ids = new Map(rows.map((row) => [row.code, row.id]));
  const missing = codes.filter((code) => !ids.has(code));
  if (missing.length > 0) throw new Error(`unknown countries ${missing.join(', ')}`);
  return ids;
}
