import { describe, expect, it } from 'vitest';
import { compareDecimals, formatDecimal, isZeroDecimal } from './decimal-text';

describe('decimal text', () => {
  it.each(['0', '0.00', '0.000', '-0.00'])('reads %s as zero', (value) => {
    expect(isZeroDecimal(value)).toBe(true);
  });

  it.each(['0.01', '1', '10.00', '100'])('reads %s as more than zero', (value) => {
    expect(isZeroDecimal(value)).toBe(false);
  });

  it('compares decimals exactly, whatever their lengths', () => {
    expect(compareDecimals('105.4031', '105.4031')).toBe(0);
    expect(compareDecimals('105.4', '105.4000')).toBe(0);
    expect(compareDecimals('99.9999', '100')).toBeLessThan(0);
    expect(compareDecimals('1000', '999.99')).toBeGreaterThan(0);
    expect(compareDecimals('0.30000000000000001', '0.3')).toBeGreaterThan(0);
    expect(compareDecimals('12345678901234567890.1', '12345678901234567890.09')).toBeGreaterThan(0);
  });

  it('formats a decimal in the customer’s language with its own decimals, rounding nothing', () => {
    expect(formatDecimal('105.4031', 'en')).toBe('105.4031');
    expect(formatDecimal('105.4031', 'es')).toBe('105,4031');
    expect(formatDecimal('12345.5', 'en')).toBe('12,345.5');
    expect(formatDecimal('0.45', 'es')).toBe('0,45');
    expect(formatDecimal('98765432109876543.21', 'en')).toBe('98,765,432,109,876,543.21');
  });
});
