import type { Customer } from '@corridor/contracts';
import { pathTo } from '@/config/routes';
import { mfaPathFor, withRedirect } from '@/lib/auth-redirect';
import { loadCustomers } from './stored-customer';

/**
 * Where sign-in leads (docs/product/web-app.md#states-and-transitions): the MFA screen when the email is verified and the session has
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

/**
 * Where a signed-in customer who owes no second factor belongs: the onboarding step still owed
 * (defect 4: as docs/product/web-app.md#states-and-transitions sends an unverified customer there), with the redirect kept for
 * afterwards; otherwise the redirect, or the dashboard.
 */
export async function pathForSignedIn(
  customer: Customer,
  redirect: string | null,
): Promise<string> {
  const { owesOnboarding } = await loadCustomers();
  if (owesOnboarding(customer)) return withRedirect(pathTo('onboardingWorkflow'), redirect);
  return redirect ?? pathTo('dashboard');
}
