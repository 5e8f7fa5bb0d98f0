import { describe, expect, it } from 'vitest';
import { currencyDigits, formatAmountText, parseAmount } from './amount-text';

describe('parseAmount', () => {
  const amount = (value: string) => ({ kind: 'amount', value });

  it.each([
    ['1,234.50', 'en', '1234.5'],
    ['1234.5', 'en', '1234.5'],
    ['12,5', 'en', '12.5'],
    ['1,234', 'en', '1234'],
    ['1,234,567.89', 'en', '1234567.89'],
    ['1.234,50', 'es', '1234.5'],
    ['1.234', 'es', '1234'],
    ['12.5', 'es', '12.5'],
    ['12,50', 'es', '12.5'],
    [' 1 234,5 ', 'es', '1234.5'],
    ['0.50', 'en', '0.5'],
    [',5', 'en', '0.5'],
    ['007', 'en', '7'],
  ])('reads %s (%s) as %s', (text, locale, value) => {
    expect(parseAmount(text, 'GBP', locale)).toEqual(amount(value));
  });

  it.each(['abc', '1.2.3', '1,23.45', '--1', '1e5', '12a', '1.234,5.6'])('refuses %s', (text) => {
    expect(parseAmount(text, 'GBP', 'en').kind).toBe('invalid');
  });

  it('is empty for nothing or spaces', () => {
    expect(parseAmount('  ', 'GBP', 'en')).toEqual({ kind: 'empty' });
  });

  it('refuses more decimals than the currency has', () => {
    expect(parseAmount('1.234', 'GBP', 'en')).toEqual({ kind: 'too-precise', digits: 2 });
    expect(parseAmount('1.5', 'JPY', 'en')).toEqual({ kind: 'too-precise', digits: 0 });
    expect(parseAmount('1.255', 'BHD', 'en')).toEqual(amount('1.255'));
  });

  it('keeps amounts far beyond a float’s precision exact', () => {
    expect(parseAmount('98,765,432,109,876,543.21', 'USD', 'en')).toEqual(
      amount('98765432109876543.21'),
    );
  });
});

describe('formatAmountText and currencyDigits', () => {
  it('shows the currency’s decimals with the language’s separators', () => {
    expect(formatAmountText('1234.5', 'GBP', 'en')).toBe('1,234.50');
    expect(formatAmountText('12345.5', 'EUR', 'es')).toBe('12.345,50');
    expect(formatAmountText('1500', 'JPY', 'en')).toBe('1,500');
  });

  it('knows each currency’s decimals', () => {
    expect(currencyDigits('GBP')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
  });
});
