import type { Customer } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { refreshCustomer, setCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';
import { safeParseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/apply-info-from-poi: the name and date of birth read from the approved ID
 * replace the profile's. Answers the customer (docs/product/api-conventions.md#endpoints); should an answer carry
 * none, the profile is fetched again, so the screen never shows the old name.
 */
export async function applyInfoFromPoi(): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.applyInfoFromPoi);
  const customer = await safeParseWith((contracts) => contracts.customerSchema, data);
  if (customer === undefined) return refreshCustomer();
  setCustomer(customer);
  return customer;
}

export function useApplyInfoFromPoi() {
  return useMutation({ mutationFn: applyInfoFromPoi });
}
