import type { CommonPasswordVerdict } from '../api/check-password';
import type { RuleResult, RuleState } from './password-policy';

/** A name, an @, a domain with a dot: enough to catch a slip; the server has the last word. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignUpInput {
  email: string;
  password: string;
  confirmPassword: string;
  /** The policy's rules for the password, once the policy has loaded. */
  rules: readonly RuleResult[] | undefined;
  common: CommonPasswordVerdict;
  /** The "doesn't contain the product's name or your email" rule (issue 28). */
  personal?: RuleState;
}

/** The catalogue keys of what is wrong with each field. */
export interface SignUpProblems {
  email?: 'field.emailRequired' | 'field.emailInvalid';
  password?: 'password.required' | 'password.rulesUnmet' | 'password.personal' | 'password.common';
  confirm_password?: 'password.confirmRequired' | 'password.mismatch';
}

/**
 * Every problem of the sign-up form at once, each under its field (defect 17), before anything
 * is sent: the server would name them one submit at a time.
 */
export function signUpProblems(input: SignUpInput): SignUpProblems {
  const problems: SignUpProblems = {};
  const email = input.email.trim();
  if (email === '') problems.email = 'field.emailRequired';
  else if (!EMAIL_SHAPE.test(email)) problems.email = 'field.emailInvalid';

  if (input.password === '') problems.password = 'password.required';
  else if (input.rules?.some((rule) => rule.state === 'unmet'))
    problems.password = 'password.rulesUnmet';
  else if (input.personal === 'unmet') problems.password = 'password.personal';
  else if (input.common === 'common') problems.password = 'password.common';

  if (input.confirmPassword === '') problems.confirm_password = 'password.confirmRequired';
  else if (input.confirmPassword !== input.password)
    problems.confirm_password = 'password.mismatch';
  return problems;
}
