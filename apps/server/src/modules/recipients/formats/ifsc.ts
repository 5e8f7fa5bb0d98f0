/**
 * Indian Financial System Code (Reserve Bank of India): eleven characters, the bank's four
 * letters, a zero reserved for future use, then six letters or digits naming the branch.
 */
export const IFSC_PATTERN = '^[A-Z]{4}0[A-Z0-9]{6}$';
const ifsc = new RegExp(IFSC_PATTERN);

/** As a person types it: the same, in either case (the server keeps it in upper case). */
export const IFSC_INPUT_PATTERN = '^[A-Za-z]{4}0[A-Za-z0-9]{6}$';

export type IfscCheck = { ok: true; ifsc: string; bankCode: string } | { ok: false };

export function checkIfsc(input: string): IfscCheck {
  const value = input.trim().toUpperCase();
  return ifsc.test(value) ? { ok: true, ifsc: value, bankCode: value.slice(0, 4) } : { ok: false };
}
