import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod97, tenMinusSum } from './check-digits.ts';
import {
  checkIban,
  formatIban,
  IBAN_SPECS,
  ibanInputPattern,
  ibanMask,
  ibanPrintLength,
  type IbanCountry,
} from './iban.ts';

/** The examples of the SWIFT IBAN registry (and ISO 13616's GB82 WEST). */
const REGISTRY_EXAMPLES = [
  'GB82 WEST 1234 5698 7654 32',
  'IE29 AIBK 9311 5212 3456 78',
  'DE89 3704 0044 0532 0130 00',
  'FR14 2004 1010 0505 0001 3M02 606',
  'ES91 2100 0418 4502 0005 1332',
  'PL61 1090 1014 0000 0712 1981 2874',
  'PK36 SCBL 0000 0011 2345 6702',
  'NL91 ABNA 0417 1643 00',
  'IT60 X054 2811 1010 0000 0123 456',
  'BE68 5390 0754 7034',
  'PT50 0002 0123 1234 5678 9015 4',
  'AT61 1904 3002 3457 3201',
  'CH93 0076 2011 6238 5295 7',
];

/** Each digit of the IBAN's check digits or BBAN replaced by each other digit. */
function singleDigitChanges(iban: string): string[] {
  const changed: string[] = [];
  for (let index = 2; index < iban.length; index += 1) {
    const character = iban[index] ?? '';
    if (!/[0-9]/.test(character)) continue;
    for (const digit of '0123456789') {
      if (digit !== character) changed.push(iban.slice(0, index) + digit + iban.slice(index + 1));
    }
  }
  return changed;
}

describe('checkIban', () => {
  it.each(REGISTRY_EXAMPLES)('accepts the registry example %s', (example) => {
    const result = checkIban(example);
    expect(result).toMatchObject({ ok: true, iban: example.replaceAll(' ', '') });
  });

  it.each(REGISTRY_EXAMPLES)('refuses %s with any one digit changed', (example) => {
    for (const changed of singleDigitChanges(example.replaceAll(' ', ''))) {
      expect(checkIban(changed).ok, changed).toBe(false);
    }
  });

  it('normalises case and spaces, and names the bank', () => {
    expect(checkIban(' pk36 scbl 0000 0011 2345 6702 ')).toEqual({
      ok: true,
      iban: 'PK36SCBL0000001123456702',
      country: 'PK',
      bankCode: 'SCBL',
    });
    expect(checkIban('PL61109010140000071219812874')).toMatchObject({ bankCode: '109' });
  });

  it('says what is wrong', () => {
    expect(checkIban('not an iban')).toEqual({ ok: false, problem: 'format' });
    expect(checkIban('GB82WEST12345698765432', 'PL')).toEqual({ ok: false, problem: 'country' });
    expect(checkIban('XX82WEST12345698765432')).toEqual({ ok: false, problem: 'country' });
    expect(checkIban('PL6110901014000007121981287')).toEqual({ ok: false, problem: 'length' });
    expect(checkIban('PK36SCB10000001123456702')).toEqual({ ok: false, problem: 'bban' });
    expect(checkIban('GB83WEST12345698765432')).toEqual({ ok: false, problem: 'checksum' });
  });

  it("checks Poland's settlement-number check digit inside a valid checksum", () => {
    // 1090 1015: the eighth digit should be 4; the IBAN check digits are recomputed to match.
    const bban = '109010150000071219812874';
    const check = String(98 - mod97(`${bban}252100`)).padStart(2, '0');
    expect(checkIban(`PL${check}${bban}`)).toEqual({ ok: false, problem: 'bban' });
  });

  it('prints in groups of four', () => {
    expect(formatIban('PL61109010140000071219812874')).toBe('PL61 1090 1014 0000 0712 1981 2874');
  });
});

describe('what the browser gets', () => {
  it.each(REGISTRY_EXAMPLES)('the pattern accepts %s printed and as one run', (example) => {
    const country = example.slice(0, 2) as IbanCountry;
    const pattern = new RegExp(ibanInputPattern(country), 'u');
    expect(pattern.test(example)).toBe(true);
    expect(pattern.test(example.replaceAll(' ', '').toLowerCase())).toBe(true);
    expect(example.length).toBe(ibanPrintLength(country));
  });

  it('masks with the country fixed and digits where the BBAN has only digits', () => {
    expect(ibanMask('PL')).toBe('PL00 0000 0000 0000 0000 0000 0000');
    expect(ibanMask('PK')).toBe('PK00 **** **** **** **** ****');
  });
});

/** A random valid IBAN of the country: a BBAN of its structure with computed check digits. */
function arbitraryIban(country: 'PL' | 'PK' | 'DE' | 'GB'): fc.Arbitrary<string> {
  const letters = (n: number) => fc.stringMatching(new RegExp(`^[A-Z]{${n}}$`));
  const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
  const bban = {
    PL: fc
      .tuple(digits(7), digits(16))
      .map(([sort, account]) => `${sort}${tenMinusSum(sort, [3, 9, 7, 1, 3, 9, 7])}${account}`),
    PK: fc.tuple(letters(4), fc.stringMatching(/^[0-9A-Z]{16}$/)).map(([a, b]) => a + b),
    DE: digits(18),
    GB: fc.tuple(letters(4), digits(14)).map(([a, b]) => a + b),
  }[country];
  return bban.map((body) => {
    const numeric = `${body}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
    return `${country}${String(98 - mod97(numeric)).padStart(2, '0')}${body}`;
  });
}

describe('properties', () => {
  const countries = ['PL', 'PK', 'DE', 'GB'] as const;
  it('a generated IBAN passes, and fails with any one digit changed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...countries).chain((country) => arbitraryIban(country)),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (iban, at, delta) => {
          expect(checkIban(iban).ok).toBe(true);
          expect(iban.length).toBe(IBAN_SPECS[iban.slice(0, 2) as IbanCountry].length);
          const positions = [...iban].flatMap((c, i) => (i >= 2 && /[0-9]/.test(c) ? [i] : []));
          const index = positions[at % positions.length] ?? 2;
          const digit = String((Number(iban[index]) + delta) % 10);
          expect(checkIban(iban.slice(0, index) + digit + iban.slice(index + 1)).ok).toBe(false);
        },
      ),
    );
  });
});
