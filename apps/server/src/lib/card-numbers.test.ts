import { describe, expect, it } from 'vitest';
import { brandOf, cardDigits, expiryCheck, passesLuhn } from './card-numbers.ts';

/** The card form's checks (docs/sandbox-providers.md#payments). */
describe('card numbers', () => {
  it('reads digits with spaces or dashes, 12 to 19 of them', () => {
    expect(cardDigits('4242 4242 4242 4242')).toBe('4242424242424242');
    expect(cardDigits('4242-4242-4242-4242')).toBe('4242424242424242');
    expect(cardDigits('4242')).toBeNull();
    expect(cardDigits('4242 4242 4242 424x')).toBeNull();
  });

  it('checks the Luhn digit of every documented test card', () => {
    for (const card of [
      '4242424242424242',
      '4000000000000002',
      '4000000000009995',
      '4000000000003220',
      '4000000000000077',
      '5555555555554444',
      '378282246310005',
    ]) {
      expect(passesLuhn(card), card).toBe(true);
    }
    expect(passesLuhn('4242424242424241')).toBe(false);
  });

  it('takes a card through the last moment of its expiry month, in UTC', () => {
    const now = new Date('2026-11-30T23:59:59Z');
    expect(expiryCheck('11/26', now)).toBe('ok');
    expect(expiryCheck('11 / 2026', now)).toBe('ok');
    expect(expiryCheck('10/26', now)).toBe('expired');
    expect(expiryCheck('11/26', new Date('2026-12-01T00:00:00Z'))).toBe('expired');
    expect(expiryCheck('13/30', now)).toBe('invalid');
    expect(expiryCheck('1230', now)).toBe('invalid');
  });

  it('names the brand by the first digits', () => {
    expect(brandOf('4242424242424242')).toBe('Visa');
    expect(brandOf('5555555555554444')).toBe('Mastercard');
    expect(brandOf('2221000000000009')).toBe('Mastercard');
    expect(brandOf('378282246310005')).toBe('American Express');
    expect(brandOf('6011111111111117')).toBe('Card');
  });
});
