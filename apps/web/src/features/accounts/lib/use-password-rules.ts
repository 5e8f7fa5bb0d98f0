import { useCommonPasswordCheck, type CommonPasswordVerdict } from '../api/check-password';
import { usePasswordPolicy } from '../api/get-password-policy';
import { evaluatePasswordPolicy, type RuleResult } from './password-policy';

export interface PasswordRules {
  /** The served policy's rules for the password, once the policy has loaded. */
  rules: RuleResult[] | undefined;
  /** The server's word on the one rule the policy cannot express: not too common. */
  common: CommonPasswordVerdict;
}

/**
 * Every rule the server applies to a new password (defect 9): the served policy's, checked here
 * as the password is typed, and the common-password rule, asked of the server (debounced) once
 * the served rules pass, so the limited check is not spent on passwords refused anyway.
 */
export function usePasswordRules(password: string): PasswordRules {
  const policy = usePasswordPolicy();
  const rules = policy.data && evaluatePasswordPolicy(policy.data, password);
  const servedRulesPass =
    password !== '' && rules !== undefined && rules.every((rule) => rule.state !== 'unmet');
  const common = useCommonPasswordCheck(servedRulesPass ? password : '');
  return { rules, common };
}
