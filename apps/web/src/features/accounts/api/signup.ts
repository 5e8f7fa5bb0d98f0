import type { Customer, SignupRequest } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { ensureCsrfCookie, httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';
import { storeCustomer } from '../lib/stored-customer';

/** POST /client/v1/signup: creates the account, signs it in and returns the customer. */
export async function signup(request: SignupRequest): Promise<Customer> {
  await ensureCsrfCookie();
  const { data } = await httpClient.post(accountPaths.signup, request);
  return parseWith((contracts) => contracts.customerSchema, data);
}

async function signupAndStore(request: SignupRequest): Promise<Customer> {
  const customer = await signup(request);
  await storeCustomer(customer);
  return customer;
}

/** Registers and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export function useSignup() {
  return useAsyncAction(signupAndStore);
}
