import type { Country } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { fetchOnce } from '@/lib/fetch-once';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { withRetries } from '@/lib/retry';
import { useAsyncData } from '@/lib/use-async-data';

/** GET /client/v1/countries (public): every country, each saying whether we serve it. */
export async function getCountries(): Promise<Country[]> {
  const { data } = await httpClient.get(apiPaths.countries);
  return (await parseWith((contracts) => contracts.countryListSchema, data)).data;
}

/** GET /client/v1/countries/source: the countries a signed-in customer may send from. */
export async function getSourceCountries(): Promise<Country[]> {
  const { data } = await httpClient.get(apiPaths.sourceCountries);
  return (await parseWith((contracts) => contracts.countryListSchema, data)).data;
}

// Reference data does not change while the app is open: fetched once, shared by every screen.
// Not a TanStack Query entry, so the public sign-up screen can list the served countries
// without TanStack Query in its load (decision 17).
const countries = fetchOnce(() => withRetries(getCountries));
const sourceCountries = fetchOnce(() => withRetries(getSourceCountries));

/** Every country: nationalities, calling codes, the waiting list. */
export function useCountries() {
  return useAsyncData(countries.get, countries.peek());
}

/** The countries a customer may send from (the onboarding country step). */
export function useSourceCountries() {
  return useAsyncData(sourceCountries.get, sourceCountries.peek());
}
