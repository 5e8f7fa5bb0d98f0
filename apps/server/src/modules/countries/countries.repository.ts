import { asc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { countries } from '../../db/schema.ts';

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
  };
}

export type CountriesRepository = ReturnType<typeof createCountriesRepository>;
