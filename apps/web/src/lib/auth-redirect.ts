import { isPublicPath, pathTo } from '@/config/routes';
import { navigateTo } from './navigation';
import { isSafeRedirect } from './safe-redirect';

/** `path` with `?redirect=<target>` when `target` is a safe same-site path, otherwise `path`. */
export function withRedirect(path: string, target: string | null | undefined): string {
  if (!isSafeRedirect(target)) return path;
  return `${path}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/** The sign-in path that sends the customer back to `target` afterwards, when it is safe. */
export function signInPathFor(target: string | null | undefined): string {
  return withRedirect(pathTo('signIn'), target);
}

/** Sends the customer to sign-in, remembering where they were, unless already on a public page. */
export function redirectToSignIn(): void {
  const { pathname, search } = window.location;
  if (isPublicPath(pathname)) return;
  // Replace, so Back does not return to a page that would only bounce to sign-in again.
  void navigateTo(signInPathFor(`${pathname}${search}`), { replace: true });
}

/**
 * The MFA path that sends the customer on to `target` once the second factor is done, when
 * `target` is safe; without one the MFA screen goes to the dashboard.
 */
export function mfaPathFor(target: string | null | undefined): string {
  return withRedirect(pathTo('multiFactorAuth'), target);
}

/**
 * The session owes its second factor (412 more_authentication_required): sends the customer to
 * the MFA screen, remembering the signed-in page they were on. Nothing to do on the MFA screen.
 */
export function redirectToMfa(): void {
  const { pathname, search } = window.location;
  const mfa = pathTo('multiFactorAuth');
  if (pathname === mfa) return;
  // Coming back to a public page (sign-in, sign-up) after MFA would make no sense.
  const target = isPublicPath(pathname) ? null : `${pathname}${search}`;
  void navigateTo(mfaPathFor(target), { replace: true });
}
