import { apiText } from '../i18n/index.ts';
import { AppError } from './app-error.ts';

/**
 * The database constraints a use case can run into in normal operation, each with the error the
 * customer sees (issue 11, defect 4). A race the service's own checks cannot close (two
 * verifications of one address, two customers saving one number) ends here instead of as a 500.
 */
export const MOBILE_NUMBER_UNAVAILABLE = apiText('onboarding.mobileNumberUnavailable');

const expectedViolations: Record<string, () => AppError> = {
  // Only a verified account owns its email (decision 0005): the first verification wins.
  accounts_verified_email_unique: () =>
    AppError.validation({ otp: [apiText('accounts.emailVerifiedElsewhere')] }),
  // One mobile number belongs to one customer; worded so it confirms nothing to a stranger.
  accounts_mobile_number_unique: () =>
    AppError.validation({ mobile_number: [MOBILE_NUMBER_UNAVAILABLE] }),
};

/** PostgreSQL's codes for the violations above (unique, foreign key, check). */
const CONSTRAINT_CODES = new Set(['23505', '23503', '23514']);

/** The violated constraint's name, looking through the wrappers Drizzle puts around the driver's error. */
export function violatedConstraint(error: unknown): string | undefined {
  let cause = error;
  for (let depth = 0; depth < 4 && typeof cause === 'object' && cause !== null; depth += 1) {
    const { code, constraint } = cause as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && CONSTRAINT_CODES.has(code)) {
      return typeof constraint === 'string' ? constraint : undefined;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The typed error for an expected constraint violation, or undefined for anything else. */
export function fromConstraintViolation(error: unknown): AppError | undefined {
  const constraint = violatedConstraint(error);
  return constraint === undefined ? undefined : expectedViolations[constraint]?.();
}
