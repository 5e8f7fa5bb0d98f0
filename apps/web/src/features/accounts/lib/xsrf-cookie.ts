import { XSRF_COOKIE } from '@corridor/contracts/wire/headers';

/**
 * Whether this browser holds Corridor's XSRF-TOKEN cookie. Without it no session can exist
 * here, so a first visit to sign-in asks the server nothing (its first load stays small).
 */
export function hasXsrfCookie(): boolean {
  return document.cookie.split(';').some((pair) => pair.trim().startsWith(`${XSRF_COOKIE}=`));
}
