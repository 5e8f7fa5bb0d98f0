import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mod97, tenMinusSum, weightedSum, withoutSeparators } from './check-digits.ts';

describe('mod97', () => {
  it('agrees with exact big-integer arithmetic on digit strings of any length', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{1,60}$/), (digits) => {
        expect(mod97(digits)).toBe(Number(BigInt(digits) % 97n));
      }),
    );
  });

  it('is 1 for the rearranged ISO 13616 example GB82 WEST 1234 5698 7654 32', () => {
    // WEST12345698765432GB82 with letters as numbers (W=32, E=14, S=28, T=29, G=16, B=11).
    expect(mod97('3214282912345698765432161182')).toBe(1);
  });
});

describe('weighted sums', () => {
  it('repeat the weights from the first digit', () => {
    expect(weightedSum('1111', [3, 7])).toBe(3 + 7 + 3 + 7);
    expect(tenMinusSum('1111', [3, 7])).toBe(0);
    expect(tenMinusSum('1', [3])).toBe(7);
  });

  it('remove spaces and hyphens typed between groups', () => {
    expect(withoutSeparators(' 12-34 56 ')).toBe('123456');
  });
});
