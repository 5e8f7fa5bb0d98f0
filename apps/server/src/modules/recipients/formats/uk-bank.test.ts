import { describe, expect, it } from 'vitest';
import { checkSortCode, checkUkAccountNumber, formatSortCode } from './uk-bank.ts';

describe('UK sort code and account number', () => {
  it('reads a sort code with hyphens or spaces as six digits', () => {
    for (const input of ['20-00-00', '20 00 00', '200000', ' 20-00-00 ']) {
      expect(checkSortCode(input)).toEqual({ ok: true, value: '200000' });
    }
    for (const input of ['20-00-0', '20-00-000', '2O-00-00', '']) {
      expect(checkSortCode(input)).toEqual({ ok: false });
    }
    expect(formatSortCode('200000')).toBe('20-00-00');
  });

  it('wants eight digits for the account', () => {
    expect(checkUkAccountNumber('5566 7788')).toEqual({ ok: true, value: '55667788' });
    expect(checkUkAccountNumber('5566778')).toEqual({ ok: false });
    expect(checkUkAccountNumber('556677889')).toEqual({ ok: false });
  });
});
