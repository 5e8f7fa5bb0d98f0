import { redirect, type LoaderFunctionArgs } from 'react-router';
import { pathTo } from '@/config/routes';
import { logout } from '@/features/accounts';
import { clearCustomer, ensureCustomer, owesSecondFactor } from '@/features/customers';
import { disconnectRealtime } from '@/features/realtime';
import { mfaPathFor, signInPathFor } from '@/lib/auth-redirect';
import { isUnauthorized } from '@/lib/http-client';
import { navigateTo } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';

/**
 * Every signed-in screen needs the stored customer: nobody signed in → sign-in, then back; a
 * session that still owes its second factor → the MFA screen, then back.
 */
export async function signedInLoader({ request }: LoaderFunctionArgs): Promise<null> {
  // The URL being navigated to, not window.location, which still shows the previous page.
  const { pathname, search } = new URL(request.url);
  let customer;
  try {
    customer = await ensureCustomer({ skipAuthRedirect: true });
  } catch (error) {
    if (isUnauthorized(error)) throw redirect(signInPathFor(`${pathname}${search}`));
    throw error;
  }
  if (owesSecondFactor(customer)) throw redirect(mfaPathFor(`${pathname}${search}`));
  return null;
}

/** Ends the session; a failed logout still signs the customer out of this browser. */
export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // The session may already be gone; nothing the customer can do about it.
  }
  forgetSession();
  await navigateTo(pathTo('signIn'));
}

/** Forgets everything about the signed-in customer in this browser. */
function forgetSession(): void {
  disconnectRealtime();
  clearCustomer();
  // Nothing fetched for this customer may be shown to whoever signs in next.
  queryClient.clear();
}

/**
 * The session was ended elsewhere (another device signed this one out): forgets it here and
 * sends the customer to sign-in, then back to where they were when that is safe.
 */
export async function endSignedOutSession(): Promise<void> {
  const { pathname, search } = window.location;
  forgetSession();
  await navigateTo(signInPathFor(`${pathname}${search}`), { replace: true });
}
