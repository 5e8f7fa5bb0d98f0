import { isDigits } from './check-digits.ts';

/**
 * Domestic bank account numbers without a published check digit: only their length and
 * characters can be checked. The ranges are what the countries' banks issue (India 9–18
 * digits, the Philippines 10–16, Kenya 10–14, Bangladesh 13–17, Nepal 14–20, Ghana 13–16,
 * Vietnam 6–19; Japan 7 digits, at a 3-digit branch).
 */
export interface DigitsRule {
  min: number;
  max: number;
}

export const BANK_ACCOUNT_RULES = {
  IN: { min: 9, max: 18 },
  PH: { min: 10, max: 16 },
  KE: { min: 10, max: 14 },
  BD: { min: 13, max: 17 },
  NP: { min: 14, max: 20 },
  GH: { min: 13, max: 16 },
  VN: { min: 6, max: 19 },
  JP: { min: 7, max: 7 },
} as const satisfies Record<string, DigitsRule>;

export type BankAccountCountry = keyof typeof BANK_ACCOUNT_RULES;

/** A Japanese branch number (支店番号): three digits. */
export const JP_BRANCH_CODE_RULE: DigitsRule = { min: 3, max: 3 };

export type DigitsCheck = { ok: true; value: string } | { ok: false; problem: 'format' | 'length' };

/** Digits only (surrounding spaces ignored), as many as the rule allows. */
export function checkDigits(input: string, rule: DigitsRule): DigitsCheck {
  const value = input.trim();
  if (!isDigits(value)) return { ok: false, problem: 'format' };
  if (value.length < rule.min || value.length > rule.max) return { ok: false, problem: 'length' };
  return { ok: true, value };
}

export const checkBankAccountNumber = (country: BankAccountCountry, input: string): DigitsCheck =>
  checkDigits(input, BANK_ACCOUNT_RULES[country]);

/** The rule as a regex source the browser checks too: "^[0-9]{9,18}$", or "^[0-9]{7}$". */
export const digitsPattern = (rule: DigitsRule): string =>
  rule.min === rule.max ? `^[0-9]{${rule.min}}$` : `^[0-9]{${rule.min},${rule.max}}$`;
