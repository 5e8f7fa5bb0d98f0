import { redirect, type LoaderFunctionArgs } from 'react-router';
import { forgetSession, signedOutElsewherePath } from '@/features/accounts/parts';
import { ensureCustomer, owesSecondFactor } from '@/features/customers';
import { warmUpIntl } from '@/i18n/warm-up-intl';
import { mfaPathFor, signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { navigateTo } from '@/lib/navigation';

/** Longest wait for the number and date data before the first signed-in screen draws. */
const INTL_WAIT_LIMIT_MS = 100;

/**
 * Every signed-in screen needs the stored customer: nobody signed in → sign-in, then back; a
 * session that still owes its second factor → the MFA screen, then back.
 */
export async function signedInLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // The URL being navigated to, not window.location, which still shows the previous page.
  const { pathname, search } = new URL(request.url);
  let customer;
  const answer = ensureCustomer({ skipAuthRedirect: true });
  // The screen's number and date data load now, off this thread, while its answers are checked.
  const intl = warmUpIntl();
  try {
    customer = await answer;
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(signInPathFor(`${pathname}${search}`));
    throw error;
  }
  // The screen formats amounts as it draws: it waits a little for the worker rather than make
  // the data on this thread, in one long task, if the worker is late.
  await Promise.race([intl, new Promise((resolve) => setTimeout(resolve, INTL_WAIT_LIMIT_MS))]);
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
