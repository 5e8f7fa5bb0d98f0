import Decimal from 'decimal.js';

/**
 * The exact arithmetic under money (lib/money.ts, docs/decisions/0011): named rounding modes,
 * bigint division rounded once, decimal rates read as an integer and a power of ten, and
 * decimal.js (through `RateDecimal`) for arithmetic between rates only. No `number` arithmetic.
 */

/**
 * How to round a result that falls between two minor units. `down` and `up` are towards and away
 * from zero; `floor` and `ceiling` towards −∞ and +∞; the `half-*` modes round to the nearest
 * unit and differ only on an exact half: `half-up` goes away from zero (commercial rounding),
 * `half-down` towards zero, `half-even` to the even neighbour (bankers' rounding, no drift over
 * many roundings). The same names and meanings as decimal.js's ROUND_* and Java's RoundingMode.
 */
export type RoundingMode =
  'half-even' | 'half-up' | 'half-down' | 'down' | 'up' | 'floor' | 'ceiling';

export const ROUNDING_MODES = [
  'half-even',
  'half-up',
  'half-down',
  'down',
  'up',
  'floor',
  'ceiling',
] as const satisfies readonly RoundingMode[];

export type MoneyErrorCode =
  | 'invalid_amount'
  | 'too_many_decimals'
  | 'unknown_currency'
  | 'currency_mismatch'
  | 'invalid_rate'
  | 'invalid_rounding'
  | 'invalid_allocation';

/**
 * A programming or input error in money code. Where it comes from a request (an amount the
 * customer typed), the caller turns it into a 422 on its field.
 */
export class MoneyError extends Error {
  constructor(
    readonly code: MoneyErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** decimal.js for rate arithmetic: 34 significant digits (IEEE decimal128), half-even. */
export const RateDecimal = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -34,
  toExpPos: 34,
});

/** A rate, percentage or weight: a decimal string such as `"107.1"`, or a decimal.js value. */
export type RateInput = string | Decimal;

const DECIMAL_ROUNDING = {
  'half-even': Decimal.ROUND_HALF_EVEN,
  'half-up': Decimal.ROUND_HALF_UP,
  'half-down': Decimal.ROUND_HALF_DOWN,
  down: Decimal.ROUND_DOWN,
  up: Decimal.ROUND_UP,
  floor: Decimal.ROUND_FLOOR,
  ceiling: Decimal.ROUND_CEIL,
} as const satisfies Record<RoundingMode, Decimal.Rounding>;

/** The decimal.js constant for a named mode: `rate.toDecimalPlaces(6, decimalRounding('half-even'))`. */
export function decimalRounding(mode: RoundingMode): Decimal.Rounding {
  return DECIMAL_ROUNDING[mode];
}

/** A non-negative decimal string (no exponent, no sign, no spaces). */
export const UNSIGNED_DECIMAL = /^(0|[1-9]\d*)(?:\.(\d+))?$/;
/** An amount as the customer or a stored column gives it. */
export const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
/** Longer than any real amount; refuses a megabyte of digits before BigInt parses it. */
export const MAX_AMOUNT_LENGTH = 64;

/** A non-negative decimal rate, checked: `parseRate("107.1")`. */
export function parseRate(text: string): Decimal {
  if (typeof text !== 'string' || !UNSIGNED_DECIMAL.test(text)) {
    throw new MoneyError(
      'invalid_rate',
      `A rate must be a non-negative decimal string like "1.2345", not ${describe(text)}.`,
    );
  }
  return new RateDecimal(text);
}

/** `coefficient / 10^scale`, exactly. */
export interface Scaled {
  coefficient: bigint;
  scale: number;
}

export function toScaled(value: RateInput | bigint, what: string): Scaled {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new MoneyError('invalid_rate', `A ${what} cannot be negative.`);
    return { coefficient: value, scale: 0 };
  }
  let text: string;
  if (typeof value === 'string') {
    text = value;
  } else if (Decimal.isDecimal(value) && value.isFinite() && !value.isNeg()) {
    text = value.toFixed(); // plain notation, every digit
  } else {
    text = '';
  }
  const match = UNSIGNED_DECIMAL.exec(text);
  if (!match) {
    throw new MoneyError(
      'invalid_rate',
      `A ${what} must be a non-negative decimal string like "1.2345", not ${describe(value)}.`,
    );
  }
  const [, whole = '', fraction = ''] = match;
  return { coefficient: BigInt(`${whole}${fraction}`), scale: fraction.length };
}

export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Decimal.isDecimal(value)) return value.toString();
  return typeof value;
}

export function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

export function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

/** `numerator / denominator` (denominator > 0) rounded to an integer with `mode`. Exact. */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (!Object.hasOwn(DECIMAL_ROUNDING, mode)) {
    throw new MoneyError('invalid_rounding', `Unknown rounding mode ${describe(mode)}.`);
  }
  if (denominator <= 0n) throw new RangeError('The denominator must be positive.');
  const quotient = numerator / denominator; // truncates towards zero
  const remainder = numerator % denominator; // has the sign of the numerator
  if (remainder === 0n) return quotient;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  const twiceRemainder = abs(remainder) * 2n;
  switch (mode) {
    case 'down':
      return quotient;
    case 'up':
      return away;
    case 'floor':
      return numerator < 0n ? away : quotient;
    case 'ceiling':
      return numerator < 0n ? quotient : away;
    case 'half-up':
      return twiceRemainder >= denominator ? away : quotient;
    case 'half-down':
      return twiceRemainder > denominator ? away : quotient;
    case 'half-even':
      if (twiceRemainder !== denominator) return twiceRemainder > denominator ? away : quotient;
      return quotient % 2n === 0n ? quotient : away;
    default:
      return mode satisfies never;
  }
}

/** `value / 10^decimals` as a plain decimal string with exactly `decimals` decimals. */
export function formatScaled(value: bigint, decimals: number): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = abs(value);
  if (decimals === 0) return `${sign}${magnitude}`;
  const unit = pow10(decimals);
  const fraction = (magnitude % unit).toString().padStart(decimals, '0');
  return `${sign}${magnitude / unit}.${fraction}`;
}
