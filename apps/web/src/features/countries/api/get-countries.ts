import { apiPaths, countryListSchema, type Country } from '@corridor/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';

/** GET /client/v1/countries: every country (nationality, calling codes). */
export async function getCountries(): Promise<Country[]> {
  const { data } = await httpClient.get<unknown>(apiPaths.countries);
  return countryListSchema.parse(data).data;
}

/** GET /client/v1/countries/source: the countries a customer may send from. */
export async function getSourceCountries(): Promise<Country[]> {
  const { data } = await httpClient.get<unknown>(apiPaths.sourceCountries);
  return countryListSchema.parse(data).data;
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
