import { countryListSchema, type Country, type CountryList } from '@corridor/contracts';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json.ts';
import type { CountriesRepository } from './countries.repository.ts';
import { mobileNumberRule } from './mobile-number-rule.ts';

interface Directory {
  list: CountryList;
  byId: Map<string, Country>;
  byIso2: Map<string, Country>;
}

/**
 * Countries change only when reference data is seeded at start, so they are read, validated
 * and encoded once per process; other modules look countries up here instead of joining them.
 */
export function createCountriesService(repository: CountriesRepository) {
  let directory: Promise<Directory> | undefined;
  const load = (): Promise<Directory> => {
    directory ??= repository.listAll().then((rows) => {
      // The mobile number rule is derived here, once, from the metadata numbers are checked with.
      const list = countryListSchema.parse({
        data: rows.map((row) => ({ ...row, mobile_number_rule: mobileNumberRule(row.iso2_alpha) })),
      });
      return {
        list,
        byId: new Map(list.data.map((c) => [c.id, c])),
        byIso2: new Map(list.data.map((c) => [c.iso2_alpha, c])),
      };
    });
    // A failed read is not cached: the next request tries again.
    directory.catch(() => {
      directory = undefined;
    });
    return directory;
  };
  // Encoded apart from the lookups, so a profile never waits for the list's compression.
  let json: Promise<PreparedJson> | undefined;
  return {
    list(): Promise<PreparedJson> {
      json ??= load().then((loaded) => prepareJson(loaded.list));
      json.catch(() => {
        json = undefined;
      });
      return json;
    },
    async byId(id: string | null): Promise<Country | null> {
      if (id === null) return null;
      return (await load()).byId.get(id) ?? null;
    },
    async byIso2(iso2: string): Promise<Country | null> {
      return (await load()).byIso2.get(iso2) ?? null;
    },
    /** Every known country id, for synchronous checks. */
    async ids(): Promise<ReadonlySet<string>> {
      return new Set((await load()).byId.keys());
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
