import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { getSignedInCustomer } from '../api/get-signed-in-customer';
import { pathForSignedIn } from './path-after-sign-in';
import { storeCustomer } from './stored-customer';
import { hasXsrfCookie } from './xsrf-cookie';

/**
 * Sends a customer who is already signed in away from sign-in and sign-up, to the dashboard or
 * the onboarding step owed (defect 6). The form shows meanwhile: most visitors are signed out,
 * and a browser that never got Corridor's cookie is not asked at all. A session that still owes
 * its second factor stays, so the customer may sign in afresh (or as someone else).
 */
export function useSignedInRedirect(redirect: string | null): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (!hasXsrfCookie()) return undefined;
    let active = true;
    const goOn = async () => {
      const customer = await getSignedInCustomer();
      if (customer === null || !active) return;
      const { owesSecondFactor } = await storeCustomer(customer);
      if (owesSecondFactor) return;
      const path = await pathForSignedIn(customer, redirect);
      if (active) await navigate(path, { replace: true });
    };
    // A failed check leaves the form as it is: signing in still works.
    goOn().catch((error: unknown) =>
      console.warn('Checking for a signed-in session failed', error),
    );
    return () => {
      active = false;
    };
    // Once, on arrival: the redirect read then is the one that counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
