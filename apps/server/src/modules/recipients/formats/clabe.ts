import { isDigits, tenMinusSum } from './check-digits.ts';

/**
 * Mexico's CLABE (Clave Bancaria Estandarizada, Banco de México): 18 digits, the bank's 3-digit
 * code, a 3-digit city (plaza) code, an 11-digit account and a check digit over the first 17
 * with the weights 3, 7, 1 repeating: check = (10 − sum mod 10) mod 10.
 */
const CLABE_WEIGHTS = [3, 7, 1] as const;

export function clabeCheckDigit(first17: string): number {
  return tenMinusSum(first17, CLABE_WEIGHTS);
}

export type ClabeProblem = 'format' | 'check-digit';
export type ClabeCheck =
  { ok: true; clabe: string; bankCode: string } | { ok: false; problem: ClabeProblem };

/** A CLABE as typed (spaces between groups allowed), checked; answered as its 18 digits. */
export function checkClabe(input: string): ClabeCheck {
  const clabe = input.replace(/\s+/g, '');
  if (clabe.length !== 18 || !isDigits(clabe)) return { ok: false, problem: 'format' };
  return clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17])
    ? { ok: true, clabe, bankCode: clabe.slice(0, 3) }
    : { ok: false, problem: 'check-digit' };
}
