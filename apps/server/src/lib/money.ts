import { currencyExponent, isCurrencyCode, toMoneyWire, type MoneyWire } from '@corridor/contracts';
import {
  MAX_AMOUNT_LENGTH,
  MoneyError,
  SIGNED_DECIMAL,
  abs,
  describe,
  divideRounded,
  formatScaled,
  pow10,
  toScaled,
  type RateInput,
  type RoundingMode,
} from './decimal-arithmetic.ts';

/**
 * Money on the server (docs/product/api-conventions.md#money-on-the-wire and docs/product/sending-money.md, docs/decisions/0011).
 *
 * - An amount is a `Money`: integer minor units as a `bigint` (pence, yen, fils), its ISO 4217
 *   code and that currency's exponent. Adding, subtracting, comparing and splitting are bigint
 *   operations, exact at any size (far beyond 2^53).
 * - A rate, a percentage or a weight is a decimal string (`"107.1"`, `"1.5"`), never a `number`.
 *   Multiplying an amount by one is done exactly, on bigints: the rate's digits are read as an
 *   integer and a power of ten, the product is formed in full, and it is rounded once, to the
 *   target currency's minor unit, with a rounding mode the caller must name.
 * - Arithmetic between rates (our rate = mid × (1 − margin), inverse rates, percentages shown to
 *   the customer) uses decimal.js 10.6.0 through `RateDecimal`: maintained, no dependencies, ships
 *   its own types, and its rounding modes match ours (`decimalRounding`). It is kept away from
 *   amounts on purpose: decimal.js rounds every result to `precision` significant digits, so a
 *   large amount times a rate would be rounded silently, where the bigint product never is.
 *
 * Exponents come from `@corridor/contracts` (a generated copy of the seeded `currencies` table),
 * so the web and the server agree and arithmetic never waits on the database.
 *
 * No `number` arithmetic on amounts anywhere: the float guard in eslint.config.js covers this
 * file and every money module.
 */

// The rounding, rate and error vocabulary of money, defined beside the arithmetic.
export {
  decimalRounding,
  divideRounded,
  MoneyError,
  parseRate,
  RateDecimal,
  ROUNDING_MODES,
  type MoneyErrorCode,
  type RateInput,
  type RoundingMode,
} from './decimal-arithmetic.ts';

function exponentOf(currency: string): number {
  if (typeof currency !== 'string' || !isCurrencyCode(currency)) {
    throw new MoneyError('unknown_currency', `Unknown currency code ${describe(currency)}.`);
  }
  return currencyExponent(currency);
}

/** An exact amount of one currency, in integer minor units. Immutable. */
export class Money {
  private constructor(
    /** Minor units: 100050n is GBP 1,000.50. */
    readonly minor: bigint,
    /** ISO 4217 alpha-3 code. */
    readonly currency: string,
    /** ISO 4217 exponent: 2 for GBP, 0 for JPY, 3 for KWD. */
    readonly exponent: number,
  ) {
    Object.freeze(this);
  }

  /** From minor units: `Money.fromMinor(100050n, 'GBP')` is GBP 1,000.50. */
  static fromMinor(minor: bigint, currency: string): Money {
    if (typeof minor !== 'bigint') {
      throw new MoneyError(
        'invalid_amount',
        `Minor units must be a bigint, not ${describe(minor)}.`,
      );
    }
    return new Money(minor, currency, exponentOf(currency));
  }

  /**
   * From a decimal string in major units: `Money.parse('1000.5', 'GBP')`. Up to the currency's
   * exponent of decimals; more (`'1.005'` GBP, `'1.5'` JPY) is refused, never rounded. No
   * exponent, plus sign, grouping or spaces.
   */
  static parse(amount: string, currency: string): Money {
    const exponent = exponentOf(currency);
    const match =
      typeof amount === 'string' && amount.length <= MAX_AMOUNT_LENGTH
        ? SIGNED_DECIMAL.exec(amount)
        : null;
    if (!match) {
      throw new MoneyError(
        'invalid_amount',
        `An amount must be a decimal string like "1000.00", not ${describe(amount)}.`,
      );
    }
    const [, sign = '', whole = '', fraction = ''] = match;
    if (fraction.length > exponent) {
      const allowed = exponent === 0 ? 'no decimal places' : `at most ${exponent} decimal places`;
      throw new MoneyError(
        'too_many_decimals',
        `${currency} amounts have ${allowed}: ${JSON.stringify(amount)}.`,
      );
    }
    return new Money(
      BigInt(`${sign}${whole}${fraction.padEnd(exponent, '0')}`),
      currency,
      exponent,
    );
  }

  static zero(currency: string): Money {
    return new Money(0n, currency, exponentOf(currency));
  }

  /** The total of `amounts`, all in `currency` (zero for none). */
  static sum(currency: string, amounts: Iterable<Money>): Money {
    let total = Money.zero(currency);
    for (const amount of amounts) total = total.plus(amount);
    return total;
  }

  private assertSameCurrency(other: Money, operation: string): void {
    if (!(other instanceof Money)) {
      throw new MoneyError('invalid_amount', `Cannot ${operation} ${describe(other)} and Money.`);
    }
    if (other.currency !== this.currency) {
      throw new MoneyError(
        'currency_mismatch',
        `Cannot ${operation} ${this.currency} and ${other.currency}; convert one first.`,
      );
    }
  }

  private with(minor: bigint): Money {
    return new Money(minor, this.currency, this.exponent);
  }

  plus(other: Money): Money {
    this.assertSameCurrency(other, 'add');
    return this.with(this.minor + other.minor);
  }

  minus(other: Money): Money {
    this.assertSameCurrency(other, 'subtract');
    return this.with(this.minor - other.minor);
  }

  negate(): Money {
    return this.with(-this.minor);
  }

  abs(): Money {
    return this.with(abs(this.minor));
  }

  isZero(): boolean {
    return this.minor === 0n;
  }

  isNegative(): boolean {
    return this.minor < 0n;
  }

  isPositive(): boolean {
    return this.minor > 0n;
  }

  /** −1, 0 or 1; same currency only. */
  compare(other: Money): -1 | 0 | 1 {
    this.assertSameCurrency(other, 'compare');
    if (this.minor === other.minor) return 0;
    return this.minor < other.minor ? -1 : 1;
  }

  /** Same currency and same amount (never throws). */
  equals(other: Money): boolean {
    return other instanceof Money && other.currency === this.currency && other.minor === this.minor;
  }

  /** This amount × `factor` (a non-negative decimal), rounded to the minor unit with `rounding`. */
  times(factor: RateInput, rounding: RoundingMode): Money {
    const { coefficient, scale } = toScaled(factor, 'factor');
    return this.with(divideRounded(this.minor * coefficient, pow10(scale), rounding));
  }

  /** `percent` % of this amount: `fee = amount.percentage('1.5', 'half-up')`. */
  percentage(percent: RateInput, rounding: RoundingMode): Money {
    const { coefficient, scale } = toScaled(percent, 'percentage');
    return this.with(divideRounded(this.minor * coefficient, pow10(scale) * 100n, rounding));
  }

  /**
   * FX conversion: this amount × `rate` (units of `currency` per unit of this one), in `currency`
   * with its own exponent, rounded once with `rounding`. 100 GBP at 105 is 10,500.00 INR.
   */
  convert(rate: RateInput, currency: string, rounding: RoundingMode): Money {
    const { coefficient, scale } = toScaled(rate, 'rate');
    const exponent = exponentOf(currency);
    const numerator = this.minor * coefficient * pow10(exponent);
    const denominator = pow10(scale) * pow10(this.exponent);
    return new Money(divideRounded(numerator, denominator, rounding), currency, exponent);
  }

  /**
   * What percent this amount is of `whole` (same currency), as a decimal string with `decimals`
   * decimals: a 2.00 fee of 100.00 sent is `"2.00"`.
   */
  percentOf(whole: Money, decimals: number, rounding: RoundingMode): string {
    this.assertSameCurrency(whole, 'divide');
    if (whole.isZero()) throw new MoneyError('invalid_amount', 'Cannot take a share of zero.');
    if (!Number.isSafeInteger(decimals) || decimals < 0) {
      throw new MoneyError('invalid_rounding', `Decimals must be a whole number, not ${decimals}.`);
    }
    const numerator = this.minor * 100n * pow10(decimals);
    const scaled =
      whole.minor < 0n
        ? divideRounded(-numerator, -whole.minor, rounding)
        : divideRounded(numerator, whole.minor, rounding);
    return formatScaled(scaled, decimals);
  }

  /**
   * Splits this amount into parts proportional to `weights` (non-negative bigints or decimal
   * strings, not all zero) that add up to it exactly. Each part gets its share rounded towards
   * zero; the minor units left over go one each to the parts with the largest remainders (the
   * earlier part on a tie). A zero weight gets zero. A negative amount splits as its magnitude,
   * negated.
   */
  allocate(weights: readonly (bigint | string)[]): Money[] {
    if (!Array.isArray(weights) || weights.length === 0) {
      throw new MoneyError('invalid_allocation', 'Allocate needs at least one weight.');
    }
    const scaled = weights.map((weight) => toScaled(weight, 'weight'));
    const scale = scaled.reduce((max, { scale }) => (scale > max ? scale : max), 0);
    const units = scaled.map(({ coefficient, scale: own }) => coefficient * pow10(scale - own));
    const total = units.reduce((sum, unit) => sum + unit, 0n);
    if (total === 0n) {
      throw new MoneyError('invalid_allocation', 'Allocate needs a weight greater than zero.');
    }
    const magnitude = abs(this.minor);
    const shares = units.map((unit) => (magnitude * unit) / total);
    const remainders = units.map((unit) => (magnitude * unit) % total);
    let left = magnitude - shares.reduce((sum, share) => sum + share, 0n);
    const order = remainders
      .map((remainder, index) => ({ remainder, index }))
      .sort((a, b) =>
        a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
      );
    for (const { index } of order) {
      if (left === 0n) break;
      shares[index] = (shares[index] ?? 0n) + 1n;
      left -= 1n;
    }
    return shares.map((share) => this.with(this.minor < 0n ? -share : share));
  }

  /** `count` parts as equal as the minor unit allows, the larger ones first. */
  split(count: number): Money[] {
    if (!Number.isSafeInteger(count) || count < 1) {
      throw new MoneyError(
        'invalid_allocation',
        `Split needs a whole number of parts ≥ 1, not ${count}.`,
      );
    }
    return this.allocate(Array.from({ length: count }, () => 1n));
  }

  /** Major units with exactly the currency's exponent of decimals: `"1000.50"`, `"-3"` for JPY. */
  toDecimalString(): string {
    return formatScaled(this.minor, this.exponent);
  }

  /** `toWire('send_amount')` → `{send_amount, send_amount_formatted, send_amount_currency_prefixed}`. */
  toWire<N extends string>(name: N): MoneyWire<N> {
    return toMoneyWire(name, this.currency, this.toDecimalString());
  }

  /** For logs and messages: `"GBP 1000.50"`. */
  toString(): string {
    return `${this.currency} ${this.toDecimalString()}`;
  }

  /**
   * `"GBP 1000.50"`, so a `Money` in a log line reads well. A response never sends this: it names
   * its three fields with `toWire`, and the contracts' `moneyFields` refuse any other shape.
   */
  toJSON(): string {
    return this.toString();
  }
}
