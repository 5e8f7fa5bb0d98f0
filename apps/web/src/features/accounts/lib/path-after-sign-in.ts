import type { Customer } from '@corridor/contracts';
import { pathTo } from '@/config/routes';
import { mfaPathFor, withRedirect } from '@/lib/auth-redirect';
import { loadCustomers } from './stored-customer';

/**
 * Where sign-in leads (SPEC §4): the MFA screen when the email is verified and the session has
 * an MFA method, otherwise onboarding. A safe `redirect` travels along, so the customer ends up
 * where they were going.
 */
export async function pathAfterSignIn(
  customer: Customer,
  redirect: string | null,
): Promise<string> {
  const { signInNeedsSecondFactor } = await loadCustomers();
  return signInNeedsSecondFactor(customer)
    ? mfaPathFor(redirect)
    : withRedirect(pathTo('onboardingWorkflow'), redirect);
}
