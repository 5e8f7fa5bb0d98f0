/**
 * The arithmetic of check digits, on digit strings: no bigint and no floating point. Each
 * function expects ASCII digits only (its caller has checked the format).
 */

const digitAt = (digits: string, index: number): number => digits.charCodeAt(index) - 48;

/**
 * `digits` modulo 97 (ISO 7064 MOD 97-10, as IBANs use it), seven digits at a time: the
 * remainder so far (at most two digits) followed by seven more stays far below 2^53.
 */
export function mod97(digits: string): number {
  let remainder = 0;
  for (let start = 0; start < digits.length; start += 7) {
    remainder = Number(`${remainder}${digits.slice(start, start + 7)}`) % 97;
  }
  return remainder;
}

/** The sum of each digit times its weight, the weights repeating from the first digit. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    sum += digitAt(digits, index) * (weights[index % weights.length] ?? 0);
  }
  return sum;
}

/** The digit that brings a weighted sum up to a multiple of ten: (10 − sum mod 10) mod 10. */
export function tenMinusSum(digits: string, weights: readonly number[]): number {
  return (10 - (weightedSum(digits, weights) % 10)) % 10;
}

/** Only the ASCII digits 0–9, at least one. */
export const isDigits = (value: string): boolean => /^[0-9]+$/.test(value);

/** Spaces, tabs and hyphens people type between groups of characters, removed. */
export const withoutSeparators = (value: string): string => value.replace(/[\s-]+/g, '');
