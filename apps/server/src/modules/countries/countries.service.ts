import { countryListSchema } from '@corridor/contracts';
import { prepareJson, type PreparedJson } from '../../lib/prepared-json.ts';
import type { CountriesRepository } from './countries.repository.ts';

/**
 * Countries change only when reference data is seeded at start, so the list is read,
 * validated and encoded once per process, then served as it is.
 */
export function createCountriesService(repository: CountriesRepository) {
  let list: Promise<PreparedJson> | undefined;
  return {
    list(): Promise<PreparedJson> {
      list ??= repository
        .listAll()
        .then((rows) => prepareJson(countryListSchema.parse({ data: rows })));
      // A failed read is not cached: the next request tries again.
      list.catch(() => {
        list = undefined;
      });
      return list;
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
