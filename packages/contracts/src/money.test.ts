import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  CURRENCY_EXPONENTS,
  currencyCodeSchema,
  currencyExponent,
  currencyPrefixedAmount,
  decimalAmountSchema,
  formatDecimalAmount,
  isCurrencyCode,
  moneyFields,
  nullableMoneyFields,
  toMoneyWire,
} from './money.ts';

/** Minor units → the server's decimal string, written independently of the code under test. */
function decimalOf(minor: bigint, exponent: number): string {
  const sign = minor < 0n ? '-' : '';
  const digits = (minor < 0n ? -minor : minor).toString().padStart(exponent + 1, '0');
  if (exponent === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

const currencies = [...CURRENCY_EXPONENTS.keys()];

describe('ISO 4217 exponents', () => {
  it('knows the exponents of the currencies we quote in', () => {
    expect(currencyExponent('GBP')).toBe(2);
    expect(currencyExponent('INR')).toBe(2);
    expect(currencyExponent('JPY')).toBe(0);
    expect(currencyExponent('KWD')).toBe(3);
    expect(currencyExponent('BHD')).toBe(3);
    expect(currencyExponent('CLF')).toBe(4);
    expect(CURRENCY_EXPONENTS.size).toBe(179);
  });

  it('refuses a code it does not know', () => {
    expect(isCurrencyCode('XYZ')).toBe(false);
    expect(() => currencyExponent('gbp')).toThrow('Unknown currency code: "gbp"');
  });

  it('validates a currency code', () => {
    expect(currencyCodeSchema.parse('AUD')).toBe('AUD');
    for (const bad of ['aud', 'AU', 'AUDD', 'XYZ', '']) {
      expect(currencyCodeSchema.safeParse(bad).success, bad).toBe(false);
    }
    expect(currencyCodeSchema.safeParse('XYZ').error?.issues[0]?.message).toBe(
      'This currency is not supported.',
    );
  });
});

describe('decimalAmountSchema', () => {
  it('accepts plain decimal strings', () => {
    for (const good of ['0', '0.5', '1000', '1000.00', '123456789012345678901234567890.12']) {
      expect(decimalAmountSchema().parse(good)).toBe(good);
    }
  });

  it('refuses anything that is not a plain decimal string', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '+1',
      '1e3',
      '1,000.00',
      '01',
      '1.',
      '.5',
      'NaN',
      'Infinity',
      '0x10',
      '-1',
    ]) {
      expect(decimalAmountSchema().safeParse(bad).success, bad).toBe(false);
    }
    expect(decimalAmountSchema().safeParse(1000).success).toBe(false);
    expect(decimalAmountSchema().safeParse('1e3').error?.issues[0]?.message).toBe(
      'Enter an amount like 1000.00.',
    );
  });

  it('allows a minus only where the schema says so, and never on zero', () => {
    const signed = decimalAmountSchema({ negative: true });
    expect(signed.parse('-12.30')).toBe('-12.30');
    expect(signed.safeParse('-0').success).toBe(false);
    expect(signed.safeParse('-0.00').success).toBe(false);
    expect(signed.safeParse('--1').success).toBe(false);
  });

  it('holds a currency exponent exactly, or at most', () => {
    const gbp = decimalAmountSchema({ decimals: 2 });
    expect(gbp.safeParse('1000.00').success).toBe(true);
    expect(gbp.safeParse('1000.0').success).toBe(false);
    expect(gbp.safeParse('1000').success).toBe(false);
    const jpy = decimalAmountSchema({ decimals: 0 });
    expect(jpy.safeParse('1000').success).toBe(true);
    expect(jpy.safeParse('1000.0').success).toBe(false);
    expect(jpy.safeParse('1.5').error?.issues[0]?.message).toBe('Enter an amount like 1000.');
    const typed = decimalAmountSchema({ maxDecimals: 3 });
    for (const good of ['1', '1.5', '1.25', '1.125'])
      expect(typed.safeParse(good).success).toBe(true);
    expect(typed.safeParse('1.1255').success).toBe(false);
    expect(decimalAmountSchema({ maxDecimals: 0 }).safeParse('1.0').success).toBe(false);
  });
});

describe('formatting', () => {
  it('groups thousands with commas, the minus on the number', () => {
    expect(formatDecimalAmount('1000.00')).toBe('1,000.00');
    expect(formatDecimalAmount('999.99')).toBe('999.99');
    expect(formatDecimalAmount('0.00')).toBe('0.00');
    expect(formatDecimalAmount('1234567')).toBe('1,234,567');
    expect(formatDecimalAmount('-1234567.125')).toBe('-1,234,567.125');
    expect(currencyPrefixedAmount('AUD', '1000.00')).toBe('AUD 1,000.00');
    expect(currencyPrefixedAmount('GBP', '-1000.00')).toBe('GBP -1,000.00');
  });

  it('refuses what is not a decimal string', () => {
    expect(() => formatDecimalAmount('1e3')).toThrow('Not a decimal amount: "1e3"');
    expect(() => formatDecimalAmount('-0.00')).toThrow(RangeError);
  });

  it('formatting loses nothing: removing the commas gives the amount back', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(4), (minor, exp) => {
        const amount = decimalOf(minor, exp);
        const formatted = formatDecimalAmount(amount);
        expect(formatted.replaceAll(',', '')).toBe(amount);
        expect(formatted).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d+)?$/);
      }),
    );
  });
});

describe('toMoneyWire', () => {
  it('sends an amount three ways (docs/product/api-conventions.md#money-on-the-wire)', () => {
    expect(toMoneyWire('send_amount', 'AUD', '1000.00')).toEqual({
      send_amount: '1000.00',
      send_amount_formatted: '1,000.00',
      send_amount_currency_prefixed: 'AUD 1,000.00',
    });
    expect(toMoneyWire('fee', 'JPY', '1500')).toEqual({
      fee: '1500',
      fee_formatted: '1,500',
      fee_currency_prefixed: 'JPY 1,500',
    });
    expect(toMoneyWire('balance', 'KWD', '-1234.500')).toEqual({
      balance: '-1234.500',
      balance_formatted: '-1,234.500',
      balance_currency_prefixed: 'KWD -1,234.500',
    });
  });

  it("refuses an amount without exactly the currency's decimals", () => {
    expect(() => toMoneyWire('x', 'GBP', '1000.5')).toThrow(
      '"1000.5" is not a GBP amount with exactly 2 decimals',
    );
    expect(() => toMoneyWire('x', 'JPY', '1000.00')).toThrow(RangeError);
    expect(() => toMoneyWire('x', 'XYZ', '1')).toThrow('Unknown currency code: "XYZ"');
  });
});

describe('moneyFields', () => {
  const quote = z.object({ ...moneyFields('send_amount'), send_currency: currencyCodeSchema });
  const ledgerLine = z.object({ ...moneyFields('balance', { negative: true }) });

  it('names the three fields after the amount', () => {
    expect(Object.keys(moneyFields('send_amount'))).toEqual([
      'send_amount',
      'send_amount_formatted',
      'send_amount_currency_prefixed',
    ]);
    expectTypeOf<z.infer<typeof quote>>().toEqualTypeOf<{
      send_amount: string;
      send_amount_formatted: string;
      send_amount_currency_prefixed: string;
      send_currency: string;
    }>();
  });

  it('accepts every amount toMoneyWire builds, in every currency', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: 2n ** 80n }),
        (currency, minor) => {
          const wire = toMoneyWire(
            'send_amount',
            currency,
            decimalOf(minor, currencyExponent(currency)),
          );
          expect(quote.parse({ ...wire, send_currency: currency })).toEqual({
            ...wire,
            send_currency: currency,
          });
          const negative = toMoneyWire(
            'balance',
            currency,
            decimalOf(-minor, currencyExponent(currency)),
          );
          expect(ledgerLine.parse(negative)).toEqual(negative);
        },
      ),
    );
  });

  it('refuses a negative amount unless the schema allows it', () => {
    const wire = toMoneyWire('send_amount', 'AUD', '-5.00');
    expect(quote.safeParse({ ...wire, send_currency: 'AUD' }).success).toBe(false);
    expect(ledgerLine.safeParse(toMoneyWire('balance', 'AUD', '-5.00')).success).toBe(true);
  });

  it('refuses a missing or malformed field', () => {
    const wire = { ...toMoneyWire('send_amount', 'AUD', '1000.00'), send_currency: 'AUD' };
    const { send_amount_formatted: _formatted, ...missing } = wire;
    expect(quote.safeParse(missing).success).toBe(false);
    expect(quote.safeParse({ ...wire, send_amount: 1000 }).success).toBe(false);
    expect(quote.safeParse({ ...wire, send_amount_formatted: '1000.00' }).success).toBe(false);
    expect(quote.safeParse({ ...wire, send_amount_formatted: '1,00.00' }).success).toBe(false);
    expect(quote.safeParse({ ...wire, send_amount_currency_prefixed: '1,000.00' }).success).toBe(
      false,
    );
    expect(quote.safeParse({ ...wire, send_amount_currency_prefixed: '$1,000.00' }).success).toBe(
      false,
    );
    expect(quote.safeParse({ ...wire, send_amount_currency_prefixed: 'AUD1,000.00' }).success).toBe(
      false,
    );
  });

  it('has a nullable variant for amounts that may not apply', () => {
    const coupon = z.object(nullableMoneyFields('discount_amount'));
    const none = {
      discount_amount: null,
      discount_amount_formatted: null,
      discount_amount_currency_prefixed: null,
    };
    expect(coupon.parse(none)).toEqual(none);
    const five = toMoneyWire('discount_amount', 'GBP', '5.00');
    expect(coupon.parse(five)).toEqual(five);
  });
});
