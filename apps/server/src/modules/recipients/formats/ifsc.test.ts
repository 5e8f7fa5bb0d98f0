import { describe, expect, it } from 'vitest';
import { checkIfsc, IFSC_INPUT_PATTERN, IFSC_PATTERN } from './ifsc.ts';

describe('IFSC', () => {
  it.each(['SBIN0000300', 'HDFC0000001', 'ICIC0000011', 'UTIB0000004', 'KKBK0000958'])(
    'accepts %s and names its bank',
    (code) => {
      expect(checkIfsc(code)).toEqual({ ok: true, ifsc: code, bankCode: code.slice(0, 4) });
    },
  );

  it('keeps the code in upper case', () => {
    expect(checkIfsc(' sbin0000300 ')).toEqual({ ok: true, ifsc: 'SBIN0000300', bankCode: 'SBIN' });
  });

  it.each([
    'SBIN1000300',
    'SBI00000300',
    'SBIN000030',
    'SBIN00003000',
    'SBIN0-00300',
    '1BIN0000300',
  ])('refuses %s', (code) => {
    expect(checkIfsc(code)).toEqual({ ok: false });
  });

  it('gives the browser a pattern that agrees, in either case', () => {
    expect(IFSC_PATTERN).toBe('^[A-Z]{4}0[A-Z0-9]{6}$');
    const pattern = new RegExp(IFSC_INPUT_PATTERN, 'u');
    expect(pattern.test('sbin0000300')).toBe(true);
    expect(pattern.test('SBIN1000300')).toBe(false);
  });
});
