import { countryListSchema } from '@corridor/contracts';
import type { CountriesRepository } from './countries.repository.ts';

/**
 * Countries change only when reference data is seeded at start, so the list is read and
 * validated once per process and then served as ready-made JSON.
 */
export function createCountriesService(repository: CountriesRepository) {
  let listJson: Promise<string> | undefined;
  return {
    listJson(): Promise<string> {
      listJson ??= repository
        .listAll()
        .then((rows) => JSON.stringify(countryListSchema.parse({ data: rows })));
      // A failed read is not cached: the next request tries again.
      listJson.catch(() => {
        listJson = undefined;
      });
      return listJson;
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
