import { apiPaths, customerSchema, type Customer, type LoginRequest } from '@corridor/contracts';
import { useMutation } from '@tanstack/react-query';
import { setCustomer } from '@/features/customers';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';

/** POST /client/v1/login: signs in and returns the customer (SPEC §7). */
export async function login(request: LoginRequest): Promise<Customer> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post<unknown>(apiPaths.login, request);
  return customerSchema.parse(data);
}

/** Signs in and stores the customer the server returned (SPEC §4). */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: setCustomer });
}
