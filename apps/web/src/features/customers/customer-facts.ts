import type { Customer } from '@corridor/contracts';

/**
 * docs/product/web-app.md#states-and-transitions: after sign-in, a customer whose email is verified and whose session has an MFA method
 * goes to the MFA screen; everyone else goes to onboarding.
 */
export function signInNeedsSecondFactor(customer: Customer): boolean {
  return customer.account.is_email_verified && Boolean(customer.session.mfa_method);
}

/**
 * The session still owes its second factor: the server answers 412 more_authentication_required
 * to almost everything until the MFA code is entered (docs/product/api-conventions.md#preconditions-412).
 */
export function owesSecondFactor(customer: Customer): boolean {
  return signInNeedsSecondFactor(customer) && !customer.session.is_mfa_completed;
}

/**
 * Onboarding still owes a step (the steps of features/onboarding/lib/onboarding-steps.ts): after
 * sign-in and the second factor such a customer lands on that step, not the dashboard (docs/product/web-app.md#states-and-transitions,
 * issue 14 defect 4).
 */
export function owesOnboarding(customer: Customer): boolean {
  return (
    !customer.account.is_email_verified ||
    customer.country === null ||
    customer.is_identity_information_required ||
    customer.is_employment_information_required ||
    customer.is_address_information_required ||
    customer.account.mobile_number === null
  );
}
