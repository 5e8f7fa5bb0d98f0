import type { Customer } from '@corridor/contracts';
import { pathTo } from '@/config/routes';
import { signInNeedsSecondFactor } from '@/features/customers';
import { mfaPathFor, withRedirect } from '@/lib/auth-redirect';

/**
 * Where sign-in leads (SPEC §4): the MFA screen when the email is verified and the session has
 * an MFA method, otherwise onboarding. A safe `redirect` travels along, so the customer ends up
 * where they were going.
 */
export function pathAfterSignIn(customer: Customer, redirect: string | null): string {
  return signInNeedsSecondFactor(customer)
    ? mfaPathFor(redirect)
    : withRedirect(pathTo('onboardingWorkflow'), redirect);
}
