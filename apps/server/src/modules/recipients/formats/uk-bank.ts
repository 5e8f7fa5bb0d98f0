import { isDigits, withoutSeparators } from './check-digits.ts';

/**
 * UK domestic bank details: a sort code (six digits, usually written 12-34-56) and an 8-digit
 * account number. Vocalink's modulus-checking tables (per sort-code range, updated several
 * times a year) are not applied: only the format is real here.
 */
export type UkBankCheck = { ok: true; value: string } | { ok: false };

/** A sort code with or without hyphens or spaces: answered as its six digits. */
export function checkSortCode(input: string): UkBankCheck {
  const value = withoutSeparators(input);
  return value.length === 6 && isDigits(value) ? { ok: true, value } : { ok: false };
}

/** An 8-digit UK account number (spaces between groups allowed). */
export function checkUkAccountNumber(input: string): UkBankCheck {
  const value = input.replace(/\s+/g, '');
  return value.length === 8 && isDigits(value) ? { ok: true, value } : { ok: false };
}

/** Six digits as people read them: 12-34-56. */
export const formatSortCode = (digits: string): string =>
  digits.replace(/^(..)(..)(..)$/, '$1-$2-$3');
