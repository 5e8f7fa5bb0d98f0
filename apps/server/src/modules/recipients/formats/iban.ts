import { mod97, tenMinusSum } from './check-digits.ts';

/**
 * IBAN (ISO 13616): two letters of country, two check digits (ISO 7064 MOD 97-10) and the
 * country's BBAN, of a fixed length and structure per country. Lengths and structures are the
 * SWIFT IBAN registry's; `bank` is where the bank's identifier sits in the IBAN.
 */
interface IbanSpec {
  length: number;
  /** The BBAN (everything after the check digits), upper case. */
  bban: RegExp;
  bank: readonly [from: number, to: number];
}

export const IBAN_SPECS = {
  AT: { length: 20, bban: /^[0-9]{16}$/, bank: [4, 9] },
  BE: { length: 16, bban: /^[0-9]{12}$/, bank: [4, 7] },
  CH: { length: 21, bban: /^[0-9]{5}[0-9A-Z]{12}$/, bank: [4, 9] },
  DE: { length: 22, bban: /^[0-9]{18}$/, bank: [4, 12] },
  ES: { length: 24, bban: /^[0-9]{20}$/, bank: [4, 8] },
  FR: { length: 27, bban: /^[0-9]{10}[0-9A-Z]{11}[0-9]{2}$/, bank: [4, 9] },
  GB: { length: 22, bban: /^[A-Z]{4}[0-9]{14}$/, bank: [4, 8] },
  IE: { length: 22, bban: /^[A-Z]{4}[0-9]{14}$/, bank: [4, 8] },
  IT: { length: 27, bban: /^[A-Z][0-9]{10}[0-9A-Z]{12}$/, bank: [5, 10] },
  NL: { length: 18, bban: /^[A-Z]{4}[0-9]{10}$/, bank: [4, 8] },
  // Poland: an 8-digit settlement number (3-digit bank, 4-digit branch, check digit), 16 digits.
  PL: { length: 28, bban: /^[0-9]{24}$/, bank: [4, 7] },
  // Pakistan: the bank's 4-letter code (its BIC's), then 16 letters or digits.
  PK: { length: 24, bban: /^[A-Z]{4}[0-9A-Z]{16}$/, bank: [4, 8] },
  PT: { length: 25, bban: /^[0-9]{21}$/, bank: [4, 8] },
} as const satisfies Record<string, IbanSpec>;

export type IbanCountry = keyof typeof IBAN_SPECS;
export const isIbanCountry = (iso2: string): iso2 is IbanCountry => iso2 in IBAN_SPECS;

export type IbanProblem = 'format' | 'country' | 'length' | 'bban' | 'checksum';
export type IbanCheck =
  | { ok: true; iban: string; country: IbanCountry; bankCode: string }
  | { ok: false; problem: IbanProblem };

/** Upper case, without the spaces people type or copy between groups. */
export const normaliseIban = (input: string): string => input.replace(/\s+/g, '').toUpperCase();

/** Letters become two digits (A = 10 … Z = 35), as MOD 97-10 reads them. */
const asDigits = (value: string): string =>
  value.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));

/** The IBAN's check digits are right: rearranged (first four characters last), mod 97 is 1. */
export const hasValidIbanChecksum = (iban: string): boolean =>
  mod97(asDigits(iban.slice(4) + iban.slice(0, 4))) === 1;

/**
 * Checks beyond the checksum that a country defines inside its BBAN. Poland: the settlement
 * number's eighth digit is a check digit over the first seven, weights 3, 9, 7, 1, 3, 9, 7.
 */
function nationalCheckPasses(country: IbanCountry, bban: string): boolean {
  if (country === 'PL')
    return tenMinusSum(bban.slice(0, 7), [3, 9, 7, 1, 3, 9, 7]) === Number(bban[7]);
  return true;
}

/**
 * An IBAN typed by a person (spaces anywhere, any case), checked: the country (`country`, when
 * given, is the only one accepted), its length, its BBAN structure and the check digits.
 * Answers the IBAN in its electronic form (upper case, no spaces) and the bank's identifier.
 */
export function checkIban(input: string, country?: string): IbanCheck {
  const iban = normaliseIban(input);
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return { ok: false, problem: 'format' };
  const prefix = iban.slice(0, 2);
  if ((country !== undefined && prefix !== country) || !isIbanCountry(prefix)) {
    return { ok: false, problem: 'country' };
  }
  const spec: IbanSpec = IBAN_SPECS[prefix];
  if (iban.length !== spec.length) return { ok: false, problem: 'length' };
  const bban = iban.slice(4);
  if (!spec.bban.test(bban)) return { ok: false, problem: 'bban' };
  if (!hasValidIbanChecksum(iban)) return { ok: false, problem: 'checksum' };
  if (!nationalCheckPasses(prefix, bban)) return { ok: false, problem: 'bban' };
  return { ok: true, iban, country: prefix, bankCode: iban.slice(...spec.bank) };
}

/** The IBAN for people to read: groups of four ("PL61 1090 1014 …"). */
export const formatIban = (iban: string): string =>
  normaliseIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** How many characters an IBAN of the country has in print, a space between groups of four. */
export function ibanPrintLength(country: IbanCountry): number {
  const { length } = IBAN_SPECS[country];
  return length + Math.ceil(length / 4) - 1;
}

/**
 * A regex source a browser can check as the customer types: the country's two letters in any
 * case, two check digits, then groups of four letters or digits, each optionally after one
 * space (as printed, or as one run). The server's check (`checkIban`) is the stricter one.
 */
export function ibanInputPattern(country: IbanCountry): string {
  const { length } = IBAN_SPECS[country];
  const [first = '', second = ''] = country;
  const letter = (c: string) => `[${c}${c.toLowerCase()}]`;
  const groups = Math.floor((length - 4) / 4);
  const rest = (length - 4) % 4;
  const tail = rest > 0 ? `( ?[0-9A-Za-z]{${rest}})` : '';
  return `^${letter(first)}${letter(second)}[0-9]{2}( ?[0-9A-Za-z]{4}){${groups}}${tail}$`;
}

/** An imask pattern that spaces the IBAN as printed: the country's letters fixed, then groups. */
export function ibanMask(country: IbanCountry): string {
  const spec: IbanSpec = IBAN_SPECS[country];
  const slot = /^\^\[0-9\]\{\d+\}\$$/.test(spec.bban.source) ? '0' : '*';
  const body = slot.repeat(spec.length - 4).replace(/(.{4})(?=.)/g, '$1 ');
  return `${country}00 ${body}`;
}
