/**
 * Card numbers as a card form checks them (docs/sandbox-providers.md#payments): the digits, the
 * Luhn check digit, the expiry month and the brand by the first digits. Pure; never logs.
 */

/** The digits of a card number as typed (spaces and dashes allowed), or null. */
export function cardDigits(typed: string): string | null {
  const digits = typed.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** The Luhn check every card number carries in its last digit. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * The expiry as typed (`MM/YY`, `MM / YYYY`): 'ok' while `now` is within its month or before,
 * 'expired' after it, 'invalid' when it is not a date.
 */
export function expiryCheck(typed: string, now: Date): 'ok' | 'expired' | 'invalid' {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  if (!match?.[1] || !match[2]) return 'invalid';
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'invalid';
  // Valid through the last moment of its month, in UTC.
  const end = Date.UTC(year, month, 1);
  return now.getTime() < end ? 'ok' : 'expired';
}

/** The card's brand by its first digits: all the product keeps beside the last four. */
export function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'Visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'Mastercard';
  if (two === 34 || two === 37) return 'American Express';
  return 'Card';
}
