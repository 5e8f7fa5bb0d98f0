import type { Locale } from '@corridor/contracts';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { countries, countryWaitlist } from './countries.schema.ts';

export function createCountriesRepository(db: Database) {
  return {
    listAll() {
      return db
        .select({
          id: countries.id,
          iso2_alpha: countries.iso2_alpha,
          iso3_alpha: countries.iso3_alpha,
          iso_numeric: countries.iso_numeric,
          fips_code: countries.fips_code,
          slug: countries.slug,
          calling_code: countries.calling_code,
          common_name: countries.common_name,
          official_name: countries.official_name,
          endonym: countries.endonym,
          demonym: countries.demonym,
        })
        .from(countries)
        .orderBy(asc(countries.common_name));
    },
    /** One row per address and country: a repeat keeps the first. */
    async addToWaitlist(
      ex: Executor,
      entry: { email: string; countryId: string; locale: Locale; now: Date },
    ): Promise<void> {
      await ex
        .insert(countryWaitlist)
        .values({
          email: entry.email.trim(),
          email_normalized: entry.email.trim().toLowerCase(),
          country_id: entry.countryId,
          locale: entry.locale,
          created_at: entry.now,
        })
        .onConflictDoNothing({
          target: [countryWaitlist.email_normalized, countryWaitlist.country_id],
        });
    },
  };
}

export type CountriesRepository = ReturnType<typeof createCountriesRepository>;
