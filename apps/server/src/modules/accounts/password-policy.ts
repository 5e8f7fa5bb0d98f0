import type { PasswordPolicy } from '@corridor/contracts';
import commonLanguage from '@zxcvbn-ts/language-common';

export interface PasswordPolicySettings {
  minLength: number;
  maxLength: number;
  uppercase: boolean;
  lowercase: boolean;
  digits: boolean;
  wildcard: boolean;
}

/** DESIGN §4: length 12, upper, lower and digits on, symbols off; 128 at most (C2). */
export const defaultPasswordPolicy: PasswordPolicySettings = {
  minLength: 12,
  maxLength: 128,
  uppercase: true,
  lowercase: true,
  digits: true,
  wildcard: false,
};

const rules = {
  uppercase: { regex: /[A-Z]/, source: '/[A-Z]/', message: 'At least one uppercase letter' },
  lowercase: { regex: /[a-z]/, source: '/[a-z]/', message: 'At least one lowercase letter' },
  digits: { regex: /[0-9]/, source: '/[0-9]/', message: 'At least one number' },
  wildcard: {
    regex: /[^A-Za-z0-9]/,
    source: '/[^A-Za-z0-9]/',
    message: 'At least one symbol, such as ! or #',
  },
} as const;

// About 49,000 passwords seen most often in breaches, from zxcvbn-ts (C6).
const commonPasswords = new Set(commonLanguage.dictionary['passwords-common']);
const contextWords = ['corridor'];

/** The policy as GET /client/v1/password-policy serves it (SPEC §3). */
export function servedPolicy(settings: PasswordPolicySettings): PasswordPolicy {
  const rule = (name: keyof typeof rules) => ({
    value: settings[name],
    message: rules[name].message,
    regex: rules[name].source,
  });
  return {
    length: {
      value: settings.minLength,
      message: `At least ${settings.minLength} characters`,
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
    problems.push(`The password must be at least ${settings.minLength} characters.`);
  }
  if (length > settings.maxLength) {
    problems.push(`The password must not be longer than ${settings.maxLength} characters.`);
  }
  for (const name of ['uppercase', 'lowercase', 'digits', 'wildcard'] as const) {
    if (settings[name] && !rules[name].regex.test(password)) {
      problems.push(`The password needs ${rules[name].message.toLowerCase()}.`);
    }
  }
  const lowered = password.toLowerCase();
  const stripped = lowered.replace(/[^a-z]+$/, '').replace(/^[^a-z]+/, '');
  const emailName = context.email?.split('@')[0]?.toLowerCase();
  if (
    commonPasswords.has(lowered) ||
    commonPasswords.has(stripped) ||
    contextWords.some((word) => lowered.includes(word)) ||
    (emailName !== undefined && emailName.length >= 4 && lowered.includes(emailName))
  ) {
    problems.push('This password is too common or too easy to guess. Choose another.');
  }
  return problems;
}
