import type { Customer } from '@corridor/contracts';
import { accountPaths } from '@corridor/contracts/wire/account-paths';
import { httpClient, isUnauthorized } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * GET /client/v1/profile, asked by the sign-in and sign-up screens: the customer this browser is
 * signed in as, or null when nobody is. Neither a 401 nor a 412 redirects: the screen decides.
 */
export async function getSignedInCustomer(): Promise<Customer | null> {
  try {
    const { data } = await httpClient.get(accountPaths.profile, {
      skipAuthRedirect: true,
      skipMfaRedirect: true,
    });
    return await parseWith((contracts) => contracts.customerSchema, data);
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}
