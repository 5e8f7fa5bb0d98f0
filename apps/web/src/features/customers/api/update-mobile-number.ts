import type { Customer, UpdateMobileNumberRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { setCustomer } from '../customer-store';

/** POST /client/v1/update-mobile-number: checked for the country, stored E.164. */
export async function updateMobileNumber(request: UpdateMobileNumberRequest): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.updateMobileNumber, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Saves the number and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useUpdateMobileNumber() {
  return useMutation({ mutationFn: updateMobileNumber, onSuccess: setCustomer });
}
