import type { Customer, UpdateCountryRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { setCustomer } from '../customer-store';

/** POST /client/v1/update-country: the country the customer sends from; answers the customer. */
export async function updateCountry(request: UpdateCountryRequest): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.updateCountry, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Saves the country and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useUpdateCountry() {
  return useMutation({ mutationFn: updateCountry, onSuccess: setCustomer });
}
