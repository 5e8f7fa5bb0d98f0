import { describe, expect, it } from 'vitest';
import {
  BANK_ACCOUNT_RULES,
  checkBankAccountNumber,
  checkDigits,
  digitsPattern,
  JP_BRANCH_CODE_RULE,
  type BankAccountCountry,
} from './bank-account-number.ts';

describe('bank account numbers without a check digit', () => {
  it.each(Object.entries(BANK_ACCOUNT_RULES))('%s: %o digits, bounds included', (country, rule) => {
    const check = (value: string) => checkBankAccountNumber(country as BankAccountCountry, value);
    expect(check('1'.repeat(rule.min))).toEqual({ ok: true, value: '1'.repeat(rule.min) });
    expect(check('9'.repeat(rule.max)).ok).toBe(true);
    expect(check('1'.repeat(rule.min - 1))).toEqual({ ok: false, problem: 'length' });
    expect(check('1'.repeat(rule.max + 1))).toEqual({ ok: false, problem: 'length' });
    expect(check(`A${'1'.repeat(rule.min)}`)).toEqual({ ok: false, problem: 'format' });
    const pattern = new RegExp(digitsPattern(rule), 'u');
    expect(pattern.test('1'.repeat(rule.min))).toBe(true);
    expect(pattern.test('1'.repeat(rule.max + 1))).toBe(false);
  });

  it('reads realistic numbers and ignores surrounding spaces', () => {
    expect(checkBankAccountNumber('IN', ' 50100123456789 ')).toEqual({
      ok: true,
      value: '50100123456789',
    });
    expect(checkBankAccountNumber('JP', '1234567').ok).toBe(true);
    expect(checkBankAccountNumber('IN', '5010 0123 4567').ok).toBe(false);
  });

  it('writes an exact length as one number', () => {
    expect(digitsPattern(JP_BRANCH_CODE_RULE)).toBe('^[0-9]{3}$');
    expect(digitsPattern(BANK_ACCOUNT_RULES.IN)).toBe('^[0-9]{9,18}$');
    expect(checkDigits('001', JP_BRANCH_CODE_RULE).ok).toBe(true);
  });
});
