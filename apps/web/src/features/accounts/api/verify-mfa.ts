import type { Customer, OtpRequest } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { storeCustomer, type SessionCheck } from '../lib/stored-customer';

/** POST /client/v1/mfa: completes the session's second factor and returns the customer. */
export async function verifyMfa(request: OtpRequest): Promise<Customer> {
  const { data } = await httpClient.post(accountPaths.mfa, request, {
    skipMfaRedirect: true,
  });
  return parseWith((contracts) => contracts.customerSchema, data);
}

/** Verifies the MFA code and stores the customer the server returned (docs/product/web-app.md#states-and-transitions). */
export async function verifyMfaAndStore(request: OtpRequest): Promise<SessionCheck> {
  return storeCustomer(await verifyMfa(request));
}
