import { redirect, type LoaderFunctionArgs } from 'react-router';
import { forgetSession, signedOutElsewherePath } from '@/features/accounts/parts';
import { ensureCustomer, owesSecondFactor } from '@/features/customers';
import { warmUpIntl } from '@/i18n';
import { mfaPathFor, signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { navigateTo } from '@/lib/navigation';

/**
 * Every signed-in screen needs the stored customer: nobody signed in → sign-in, then back; a
 * session that still owes its second factor → the MFA screen, then back.
 */
export async function signedInLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // The URL being navigated to, not window.location, which still shows the previous page.
  const { pathname, search } = new URL(request.url);
  let customer;
  const answer = ensureCustomer({ skipAuthRedirect: true });
  // The main thread is idle while the profile is on its way: the screen's formats load now.
  setTimeout(warmUpIntl, 0);
  try {
    customer = await answer;
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(signInPathFor(`${pathname}${search}`));
    throw error;
  }
  if (owesSecondFactor(customer)) throw redirect(mfaPathFor(`${pathname}${search}`));
  return null;
}

/**
 * The session was ended elsewhere (another device signed this one out): forgets it here and
 * sends the customer to sign-in, which says why (defect 21), then back to where they were when
 * that is safe.
 */
export async function endSignedOutSession(): Promise<void> {
  const { pathname, search } = window.location;
  await forgetSession();
  await navigateTo(signedOutElsewherePath(`${pathname}${search}`), { replace: true });
}
