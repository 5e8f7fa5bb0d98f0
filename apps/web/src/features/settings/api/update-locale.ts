import type { Customer, UpdateLocaleRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { setCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/profile/locale: keeps the customer's language on the account, so emails
 * follow it (issue 14). Answers the customer.
 */
export async function updateLocale(request: UpdateLocaleRequest): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.profileLocale, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Saves the language and stores the customer the server returned. */
export function useUpdateLocale() {
  return useMutation({ mutationFn: updateLocale, onSuccess: setCustomer });
}
