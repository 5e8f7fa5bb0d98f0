import type { Country } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** GET /client/v1/countries: every country (nationality, calling codes). */
export async function getCountries(): Promise<Country[]> {
  const { data } = await httpClient.get(apiPaths.countries);
  return (await parseWith((contracts) => contracts.countryListSchema, data)).data;
}

/** GET /client/v1/countries/source: the countries a customer may send from. */
export async function getSourceCountries(): Promise<Country[]> {
  const { data } = await httpClient.get(apiPaths.sourceCountries);
  return (await parseWith((contracts) => contracts.countryListSchema, data)).data;
}

// Reference data: it does not change while the app is open.
export const countriesQuery = queryOptions({
  queryKey: ['countries'] as const,
  queryFn: getCountries,
  staleTime: Infinity,
});

export const sourceCountriesQuery = queryOptions({
  queryKey: ['countries', 'source'] as const,
  queryFn: getSourceCountries,
  staleTime: Infinity,
});

export function useCountries(options: { enabled?: boolean } = {}) {
  return useQuery({ ...countriesQuery, enabled: options.enabled ?? true });
}

export function useSourceCountries() {
  return useQuery(sourceCountriesQuery);
}
