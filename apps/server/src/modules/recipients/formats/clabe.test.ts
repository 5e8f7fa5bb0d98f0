import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkClabe, clabeCheckDigit } from './clabe.ts';

/** Banco de México's published example, and Wikipedia's (bank 032, plaza 180). */
const EXAMPLES = ['002010077777777771', '032180000118359719'];

describe('CLABE', () => {
  it.each(EXAMPLES)('accepts the published example %s and names its bank', (clabe) => {
    expect(checkClabe(clabe)).toEqual({ ok: true, clabe, bankCode: clabe.slice(0, 3) });
  });

  it.each(EXAMPLES)('refuses %s with any one digit changed', (clabe) => {
    for (let index = 0; index < clabe.length; index += 1) {
      for (const digit of '0123456789') {
        if (digit === clabe[index]) continue;
        const changed = clabe.slice(0, index) + digit + clabe.slice(index + 1);
        expect(checkClabe(changed), changed).toEqual({ ok: false, problem: 'check-digit' });
      }
    }
  });

  it('allows spaces between groups, and wants 18 digits', () => {
    expect(checkClabe('032 180 00011835971 9')).toMatchObject({ ok: true, clabe: EXAMPLES[1] });
    expect(checkClabe('03218000011835971')).toEqual({ ok: false, problem: 'format' });
    expect(checkClabe('03218000011835971x')).toEqual({ ok: false, problem: 'format' });
  });

  it('computes the check digit with the weights 3, 7, 1', () => {
    expect(clabeCheckDigit('03218000011835971')).toBe(9);
  });

  it('property: a generated CLABE passes, and any one digit changed fails', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{17}$/),
        fc.integer({ min: 0, max: 17 }),
        fc.integer({ min: 1, max: 9 }),
        (first17, at, delta) => {
          const clabe = `${first17}${clabeCheckDigit(first17)}`;
          expect(checkClabe(clabe).ok).toBe(true);
          const digit = String((Number(clabe[at]) + delta) % 10);
          expect(checkClabe(clabe.slice(0, at) + digit + clabe.slice(at + 1)).ok).toBe(false);
        },
      ),
    );
  });
});
