import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error.ts';
import { estimatedArrival } from './estimated-arrival.ts';
import { formatExchangeRate } from './exchange-rate-format.ts';
import { parseQuoteAmount } from './quote-amount.ts';

const at = (iso: string) => new Date(iso);

describe('estimated arrival (decision 20)', () => {
  it('puts a wallet 10 minutes and cash 30 minutes after payment, any day', () => {
    const sunday = at('2026-11-29T23:50:00Z');
    expect(estimatedArrival('MOBILE-WALLET', 'KE', sunday).toISOString()).toBe(
      '2026-11-30T00:00:00.000Z',
    );
    expect(estimatedArrival('CASH-PICKUP', 'MX', sunday).toISOString()).toBe(
      '2026-11-30T00:20:00.000Z',
    );
  });

  it("pays a bank account by 18:00 the target's business day, or the next one after 15:00", () => {
    // Tuesday 14:59 in India (+05:30): today, 18:00 there.
    expect(estimatedArrival('BANK-ACCOUNT', 'IN', at('2026-11-24T09:29:00Z')).toISOString()).toBe(
      '2026-11-24T12:30:00.000Z',
    );
    // Tuesday 15:00 in India: Wednesday.
    expect(estimatedArrival('BANK-ACCOUNT', 'IN', at('2026-11-24T09:30:00Z')).toISOString()).toBe(
      '2026-11-25T12:30:00.000Z',
    );
    // Friday 16:00 in Japan (+09:00): Monday.
    expect(estimatedArrival('BANK-ACCOUNT', 'JP', at('2026-11-27T07:00:00Z')).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
    // Saturday 10:00 in Mexico (−06:00): Monday 18:00 there, which is Tuesday in UTC.
    expect(estimatedArrival('BANK-ACCOUNT', 'MX', at('2026-11-28T16:00:00Z')).toISOString()).toBe(
      '2026-12-01T00:00:00.000Z',
    );
    // Friday 23:30 UTC is already Saturday in the Philippines (+08:00): Monday there.
    expect(estimatedArrival('BANK-ACCOUNT', 'PH', at('2026-11-27T23:30:00Z')).toISOString()).toBe(
      '2026-11-30T10:00:00.000Z',
    );
  });
});

describe('the exchange rate as the calculator reads it', () => {
  it('reads 1 payment currency = our rate, its thousands grouped', () => {
    expect(formatExchangeRate('105.4031', 'GBP', 'INR')).toEqual({
      formatted: '1 GBP = 105.4031 INR',
      is_inverse: false,
    });
    expect(formatExchangeRate('32547.735', 'GBP', 'VND').formatted).toBe('1 GBP = 32,547.735 VND');
    expect(formatExchangeRate('1', 'EUR', 'XYZ').is_inverse).toBe(false);
  });

  it('turns a rate under 1 round, to five significant digits', () => {
    expect(formatExchangeRate('0.0052', 'JPY', 'GBP')).toEqual({
      formatted: '1 GBP = 192.31 JPY',
      is_inverse: true,
    });
    expect(formatExchangeRate('0.3265', 'KWD', 'EUR').formatted).toBe('1 EUR = 3.0628 KWD');
  });
});

describe('the amount typed', () => {
  const messageOf = (text: string, currency: string) => {
    try {
      parseQuoteAmount(text, currency);
    } catch (error) {
      if (error instanceof AppError) return error.fieldErrors?.amount?.[0];
    }
    return undefined;
  };

  it('takes up to the currency exponent of decimals: none for JPY, three for KWD', () => {
    expect(parseQuoteAmount('1250.125', 'KWD').toString()).toBe('KWD 1250.125');
    expect(parseQuoteAmount('7.5', 'KWD').minor).toBe(7500n);
    expect(parseQuoteAmount('15000', 'JPY').minor).toBe(15000n);
    expect(messageOf('1.0001', 'KWD')).toBe(
      'Enter an amount with at most 3 decimal places for KWD.',
    );
    expect(messageOf('15000.0', 'JPY')).toBe('Enter a whole amount: JPY has no decimal places.');
    expect(messageOf('1,5', 'KWD')).toBe('Enter an amount such as 250.000.');
    expect(messageOf('1.5.', 'JPY')).toBe('Enter an amount such as 250.');
    expect(messageOf('-0', 'GBP')).toBe('Enter an amount greater than zero.');
    expect(messageOf('01', 'GBP')).toBe('Enter an amount such as 250.00.');
  });
});
