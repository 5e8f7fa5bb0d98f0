/** The product's name as a password must not contain it, in any case. */
const PRODUCT_NAME = 'corridor';

/**
 * Whether the password contains the product's name or the name of the email (its part before
 * the @, when 4 characters or more): the server refuses such a password, and says why
 * (docs/product/accounts-and-sessions.md#password-policy, issue 28).
 */
export function namesProductOrEmail(password: string, email?: string): boolean {
  const lowered = password.toLowerCase();
  const emailName = email?.trim().split('@')[0]?.toLowerCase();
  return (
    lowered.includes(PRODUCT_NAME) ||
    (emailName !== undefined && emailName.length >= 4 && lowered.includes(emailName))
  );
}
