import { isPublicPath, pathTo } from '../config/routes';
import { navigateTo } from './navigation';
import { isSafeRedirect } from './safe-redirect';

/** The sign-in path that sends the customer back to `target` afterwards, when it is safe. */
export function signInPathFor(target: string | null | undefined): string {
  const signIn = pathTo('signIn');
  if (!isSafeRedirect(target)) return signIn;
  return `${signIn}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/** Sends the customer to sign-in, remembering where they were, unless already on a public page. */
export function redirectToSignIn(): void {
  const { pathname, search } = window.location;
  if (isPublicPath(pathname)) return;
  // Replace, so Back does not return to a page that would only bounce to sign-in again.
  void navigateTo(signInPathFor(`${pathname}${search}`), { replace: true });
}
