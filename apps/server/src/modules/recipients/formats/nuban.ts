import { isDigits, tenMinusSum } from './check-digits.ts';

/**
 * Nigeria Uniform Bank Account Number (Central Bank of Nigeria, NUBAN standard): nine digits of
 * serial and a check digit, computed over the bank's 3-digit CBN code and the serial with the
 * weights 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3: check = 10 − (sum mod 10), where 10 is 0. The
 * account number alone cannot be checked: the same ten digits are valid at one bank only
 * (about one time in ten at another).
 */
const NUBAN_WEIGHTS = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** The check digit of a serial (nine digits) at a bank (its 3-digit CBN code). */
export function nubanCheckDigit(bankCode: string, serial: string): number {
  return tenMinusSum(`${bankCode}${serial}`, NUBAN_WEIGHTS);
}

export type NubanProblem = 'format' | 'bank-code' | 'check-digit';
export type NubanCheck = { ok: true; accountNumber: string } | { ok: false; problem: NubanProblem };

/** A NUBAN (ten digits; surrounding spaces ignored) at the bank with this CBN code. */
export function checkNuban(input: string, bankCode: string): NubanCheck {
  const accountNumber = input.trim();
  if (accountNumber.length !== 10 || !isDigits(accountNumber)) {
    return { ok: false, problem: 'format' };
  }
  if (bankCode.length !== 3 || !isDigits(bankCode)) return { ok: false, problem: 'bank-code' };
  const check = nubanCheckDigit(bankCode, accountNumber.slice(0, 9));
  return check === Number(accountNumber[9])
    ? { ok: true, accountNumber }
    : { ok: false, problem: 'check-digit' };
}
