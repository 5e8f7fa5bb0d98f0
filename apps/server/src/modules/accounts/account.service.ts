import type { AccountServiceDeps } from './account-deps.ts';
import { createEmailVerification } from './email-verification.ts';
import { createMobileNumbers } from './mobile-numbers.ts';
import { createPasswords } from './passwords.ts';
import { createSecondFactor } from './second-factor.ts';
import { createSignIn } from './sign-in.ts';
import { createSignUp } from './sign-up.ts';

/**
 * The accounts use cases, one file each: sign-up, sign-in, second factor, email, passwords; and
 * the mobile number, which onboarding sets in its transaction.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const verification = createEmailVerification(deps);
  return {
    ...createSignUp(deps, verification),
    ...createSignIn(deps, verification),
    ...createSecondFactor(deps),
    resendEmailVerification: verification.resendEmailVerification,
    verifyEmail: verification.verifyEmail,
    ...createPasswords(deps),
    /** The customer's mobile number (onboarding's step), in the caller's transaction. */
    mobileNumbers: createMobileNumbers(deps),
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
