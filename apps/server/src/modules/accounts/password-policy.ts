import type { Locale, PasswordPolicy } from '@corridor/contracts';
import commonLanguage from '@zxcvbn-ts/language-common';
import { apiText, translate } from '../../i18n/index.ts';

export interface PasswordPolicySettings {
  minLength: number;
  maxLength: number;
  uppercase: boolean;
  lowercase: boolean;
  digits: boolean;
  wildcard: boolean;
}

/** docs/product/accounts-and-sessions.md#password-policy: length 12, upper, lower and digits on, symbols off; 128 at most (C2). */
export const defaultPasswordPolicy: PasswordPolicySettings = {
  minLength: 12,
  maxLength: 128,
  uppercase: true,
  lowercase: true,
  digits: true,
  wildcard: false,
};

const rules = {
  uppercase: { regex: /[A-Z]/, source: '/[A-Z]/', message: apiText('password.rule.uppercase') },
  lowercase: { regex: /[a-z]/, source: '/[a-z]/', message: apiText('password.rule.lowercase') },
  digits: { regex: /[0-9]/, source: '/[0-9]/', message: apiText('password.rule.digits') },
  wildcard: {
    regex: /[^A-Za-z0-9]/,
    source: '/[^A-Za-z0-9]/',
    message: apiText('password.rule.wildcard'),
  },
} as const;

// About 49,000 passwords seen most often in breaches, from zxcvbn-ts (C6).
const commonPasswords = new Set(commonLanguage.dictionary['passwords-common']);
const contextWords = ['corridor'];

/** The policy as GET /client/v1/password-policy serves it (docs/product/accounts-and-sessions.md#password-policy), its lines in `locale`. */
export function servedPolicy(
  settings: PasswordPolicySettings,
  locale: Locale = 'en',
): PasswordPolicy {
  const rule = (name: keyof typeof rules) => ({
    value: settings[name],
    message: translate(rules[name].message, locale),
    regex: rules[name].source,
  });
  return {
    length: {
      value: settings.minLength,
      message: translate(apiText('password.rule.length', { count: settings.minLength }), locale),
      regex: null,
    },
    uppercase: rule('uppercase'),
    lowercase: rule('lowercase'),
    digits: rule('digits'),
    wildcard: rule('wildcard'),
  };
}

/**
 * The messages a password fails, empty when it passes: exactly the served rules, the
 * length bounds (counted in code points, C1), and no common or context-derived passwords (C6).
 */
export function passwordProblems(
  password: string,
  settings: PasswordPolicySettings,
  context: { email?: string } = {},
): string[] {
  const problems: string[] = [];
  const length = [...password.normalize('NFKC')].length;
  if (length < settings.minLength) {
    problems.push(apiText('password.tooShort', { count: settings.minLength }));
  }
  if (length > settings.maxLength) {
    problems.push(apiText('fields.tooLong', { field: 'password', max: settings.maxLength }));
  }
  for (const name of ['uppercase', 'lowercase', 'digits', 'wildcard'] as const) {
    if (settings[name] && !rules[name].regex.test(password)) {
      problems.push(apiText('password.needs', { rule: rules[name].message.toLowerCase() }));
    }
  }
  // Said apart (issue 28): "Corridor-Walk-2026x" is not common, it names the product.
  if (namesProductOrEmail(password, context)) problems.push(apiText('password.personal'));
  else if (isCommonPassword(password, context)) problems.push(apiText('password.common'));
  return problems;
}

/**
 * The rule the served policy cannot describe (C6): a password seen often in breaches (as it is,
 * or without the digits and symbols around it), one naming the product, or one containing the
 * email's name. POST /client/v1/password/check asks exactly this (defect 9).
 */
export function isCommonPassword(password: string, context: { email?: string } = {}): boolean {
  const lowered = password.toLowerCase();
  const stripped = lowered.replace(/[^a-z]+$/, '').replace(/^[^a-z]+/, '');
  return (
    commonPasswords.has(lowered) ||
    commonPasswords.has(stripped) ||
    namesProductOrEmail(password, context)
  );
}

/**
 * The part of the rule a customer cannot guess from "too common": the password contains the
 * product's name, or the name of the email (4 characters or more). The web checklist lists it
 * as a rule of its own (docs/product/accounts-and-sessions.md#password-policy).
 */
export function namesProductOrEmail(password: string, context: { email?: string } = {}): boolean {
  const lowered = password.toLowerCase();
  const emailName = context.email?.split('@')[0]?.toLowerCase();
  return (
    contextWords.some((word) => lowered.includes(word)) ||
    (emailName !== undefined && emailName.length >= 4 && lowered.includes(emailName))
  );
}
