import type { Customer, OtpRequest } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useMutation } from '@tanstack/react-query';
import { setCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** POST /client/v1/verify-email-address: checks the emailed code and returns the customer. */
export async function verifyEmailAddress(request: OtpRequest): Promise<Customer> {
  const { data } = await httpClient.post(apiPaths.verifyEmailAddress, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Verifies the email and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useVerifyEmailAddress() {
  return useMutation({ mutationFn: verifyEmailAddress, onSuccess: setCustomer });
}
