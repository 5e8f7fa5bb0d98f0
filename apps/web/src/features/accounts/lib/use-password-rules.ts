import { useCommonPasswordCheck, type CommonPasswordVerdict } from '../api/check-password';
import { usePasswordPolicy } from '../api/get-password-policy';
import { namesProductOrEmail } from './names-product-or-email';
import { evaluatePasswordPolicy, type RuleResult, type RuleState } from './password-policy';

export interface PasswordRules {
  /** The served policy's rules for the password, once the policy has loaded. */
  rules: RuleResult[] | undefined;
  /** The server's word on the one rule the policy cannot express: not too common. */
  common: CommonPasswordVerdict;
  /** Met when the password contains neither the product's name nor the email's (issue 28). */
  personal: RuleState;
}

/** The state of the "doesn't contain the product's name or your email" rule. */
export function personalRuleState(password: string, email?: string): RuleState {
  if (password === '') return 'neutral';
  return namesProductOrEmail(password, email) ? 'unmet' : 'met';
}

/**
 * Every rule the server applies to a new password (defect 9): the served policy's, checked here
 * as the password is typed, and the common-password rule, asked of the server (debounced) once
 * the served rules and the product-or-email rule pass, so the limited check is not spent on passwords refused anyway.
 */
export function usePasswordRules(password: string, email?: string): PasswordRules {
  const policy = usePasswordPolicy();
  const rules = policy.data && evaluatePasswordPolicy(policy.data, password);
  const personal = personalRuleState(password, email);
  const servedRulesPass =
    password !== '' &&
    personal !== 'unmet' &&
    rules !== undefined &&
    rules.every((rule) => rule.state !== 'unmet');
  const common = useCommonPasswordCheck(servedRulesPass ? password : '');
  return { rules, common, personal };
}
