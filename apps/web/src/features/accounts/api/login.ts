import type { Customer, LoginRequest } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';
import { storeCustomer } from '../lib/stored-customer';

/** POST /client/v1/login: signs in and returns the customer (docs/product/api-conventions.md#endpoints). */
export async function login(request: LoginRequest): Promise<Customer> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.login, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

async function loginAndStore(request: LoginRequest): Promise<Customer> {
  const customer = await login(request);
  await storeCustomer(customer);
  return customer;
}

/** Signs in and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useLogin() {
  return useAsyncAction(loginAndStore);
}
