import { signInPathFor } from '@/lib/auth-redirect';

/** The sign-in page's `referer` values that show a notice (docs/product/routes-and-screens.md#sign-in-screen, and defect 21's). */
export const signInReferers = {
  changePassword: 'change-password',
  resetPassword: 'reset-password',
  signedOutElsewhere: 'signed-out-elsewhere',
} as const;

/**
 * Sign-in after another device ended this session: it says "You were signed out from another
 * device" (defect 21), and sends the customer back to `target` afterwards when that is safe.
 */
export function signedOutElsewherePath(target: string | null | undefined): string {
  const path = signInPathFor(target);
  return `${path}${path.includes('?') ? '&' : '?'}referer=${signInReferers.signedOutElsewhere}`;
}
