import { apiPaths, customerSchema, type Customer, type SignupRequest } from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { setCustomer } from '@/features/customers';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';

/** POST /client/v1/signup: creates the account, signs it in and returns the customer. */
export async function signup(request: SignupRequest): Promise<Customer> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post<unknown>(apiPaths.signup, request);
  return customerSchema.parse(data);
}

/** Registers and stores the customer the server returned (SPEC §4). */
export function useSignup() {
  return useMutation({ mutationFn: signup, onSuccess: setCustomer });
}
