import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkNuban, nubanCheckDigit } from './nuban.ts';

describe('NUBAN', () => {
  it("computes the CBN standard's worked example: bank 011, serial 000001457 → 0000014579", () => {
    // 0·3 + 1·7 + 1·3 + 0·3 + 0·7 + 0·3 + 0·3 + 0·7 + 1·3 + 4·3 + 5·7 + 7·3 = 81; 10 − 1 = 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(checkNuban('0000014579', '011')).toEqual({ ok: true, accountNumber: '0000014579' });
  });

  it('makes a check digit of 10 a zero', () => {
    // 0·3 + … + 1·7 (the second digit of 010) + 0 … + serial 000000001 → 7 + 3 = 10 → 0.
    expect(nubanCheckDigit('010', '000000001')).toBe(0);
  });

  it('refuses the example with one digit changed, or at another bank', () => {
    expect(checkNuban('0000014578', '011')).toEqual({ ok: false, problem: 'check-digit' });
    expect(checkNuban('0000015579', '011')).toEqual({ ok: false, problem: 'check-digit' });
    expect(checkNuban('0000014579', '058')).toEqual({ ok: false, problem: 'check-digit' });
  });

  it('wants ten digits and a 3-digit bank code', () => {
    expect(checkNuban('000001457', '011')).toEqual({ ok: false, problem: 'format' });
    expect(checkNuban('00000 14579', '011')).toEqual({ ok: false, problem: 'format' });
    expect(checkNuban('000001457x', '011')).toEqual({ ok: false, problem: 'format' });
    expect(checkNuban('0000014579', '11')).toEqual({ ok: false, problem: 'bank-code' });
    expect(checkNuban(' 0000014579 ', '011').ok).toBe(true);
  });

  it('property: a generated account passes, and any one digit changed fails', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{3}$/),
        fc.stringMatching(/^[0-9]{9}$/),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (bank, serial, at, delta) => {
          const account = `${serial}${nubanCheckDigit(bank, serial)}`;
          expect(checkNuban(account, bank).ok).toBe(true);
          const digit = String((Number(account[at]) + delta) % 10);
          const changed = account.slice(0, at) + digit + account.slice(at + 1);
          expect(checkNuban(changed, bank)).toEqual({ ok: false, problem: 'check-digit' });
        },
      ),
    );
  });
});
