import {
  divideRounded,
  formatScaled,
  pow10,
  toScaled,
  type Scaled,
} from '../../lib/decimal-arithmetic.ts';
import { Money } from '../../lib/money.ts';
import { PricingError } from './pricing-error.ts';

/**
 * The exact arithmetic of a price (docs/decisions/0020), all on bigints: a rate is its digits as
 * an integer over a power of ten, so every figure is one exact fraction rounded once, with the
 * rounding the decision names.
 */

/** Our rate keeps this many significant digits, truncated: 105.12345 INR, 33,123.456 VND. */
export const OUR_RATE_SIGNIFICANT_DIGITS = 8;

const POSITIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

/** A mid-market rate: a decimal string greater than zero, else PricingError `invalid_rate`. */
export function parseMidRate(text: string): Scaled {
  const scaled =
    typeof text === 'string' && text.length <= 64 && POSITIVE_DECIMAL.test(text)
      ? toScaled(text, 'rate')
      : null;
  if (!scaled || scaled.coefficient === 0n) {
    throw new PricingError(
      'invalid_rate',
      `A mid-market rate must be a decimal string greater than zero, not ${JSON.stringify(text)}.`,
    );
  }
  return scaled;
}

const digitCount = (value: bigint) => value.toString().length;

/** `numerator / denominator × 10^shift`, truncated to an integer (both positive). */
function shiftedQuotient(numerator: bigint, denominator: bigint, shift: number): bigint {
  return shift >= 0
    ? (numerator * pow10(shift)) / denominator
    : numerator / (denominator * pow10(-shift));
}

/** A plain decimal string without trailing fractional zeros: "105.1", "33000". */
function canonical(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * `numerator / denominator` (both positive) truncated to `digits` significant digits, exactly:
 * the power of ten that brings the quotient into [10^(digits−1), 10^digits) is estimated from
 * the lengths of the two integers, which is right or one too high.
 */
export function truncateToSignificantDigits(
  numerator: bigint,
  denominator: bigint,
  digits: number,
): string {
  let shift = digits - (digitCount(numerator) - digitCount(denominator));
  let scaled = shiftedQuotient(numerator, denominator, shift);
  if (scaled >= pow10(digits)) {
    shift -= 1;
    scaled = shiftedQuotient(numerator, denominator, shift);
  }
  return canonical(shift >= 0 ? formatScaled(scaled, shift) : `${scaled * pow10(-shift)}`);
}

/**
 * Our rate = mid × (1 − margin / 100), truncated to OUR_RATE_SIGNIFICANT_DIGITS: the exact product
 * is mid·(100·10^k − m) / (10^s·100·10^k) for mid = mid/10^s and margin = m/10^k.
 */
export function ourRateOf(mid: Scaled, marginPercent: string): string {
  const margin = toScaled(marginPercent, 'margin');
  const whole = 100n * pow10(margin.scale);
  if (margin.coefficient >= whole) {
    throw new PricingError('invalid_rate', `A margin of ${marginPercent} % leaves no rate.`);
  }
  return truncateToSignificantDigits(
    mid.coefficient * (whole - margin.coefficient),
    pow10(mid.scale) * whole,
    OUR_RATE_SIGNIFICANT_DIGITS,
  );
}

/** What the recipient gets for `send` at `ourRate`: rounded down to the target's minor unit. */
export function recipientAmountFor(send: Money, ourRate: string, targetCurrency: string): Money {
  return send.convert(ourRate, targetCurrency, 'down');
}

/**
 * Our rate as a fraction of minor units, N / D: for our rate c / 10^(rate scale), a source minor
 * unit buys N / D target minor units with N = c·10^(target exponent) and
 * D = 10^(rate scale + source exponent).
 */
function minorUnitRate(ourRate: string, source: Money, target: Money) {
  const rate = toScaled(ourRate, 'rate');
  if (rate.coefficient === 0n) throw new PricingError('invalid_rate', 'Our rate is zero.');
  return {
    n: rate.coefficient * pow10(target.exponent),
    d: pow10(rate.scale + source.exponent),
  };
}

/**
 * The send amount for a fixed receive amount r (docs/decisions/0020, "Receive side"): the
 * recipient gets r exactly, and the send side rounds in the customer's favour, down:
 * s = ⌊r·D / N⌋, so s × our rate ≤ r and one minor unit more would buy more than r. Never below
 * one minor unit, so a positive payout is never free.
 */
export function sendAmountFor(receive: Money, ourRate: string, sourceCurrency: string): Money {
  const source = Money.zero(sourceCurrency);
  const { n, d } = minorUnitRate(ourRate, source, receive);
  const send = divideRounded(receive.minor * d, n, 'floor');
  return Money.fromMinor(send > 0n ? send : 1n, sourceCurrency);
}

/**
 * The least and the most receive amounts whose send (sendAmountFor) is within [minSend,
 * maxSend]: ⌊r·D/N⌋ ≥ m exactly when r ≥ m·N/D, and ⌊r·D/N⌋ ≤ M exactly when r < (M+1)·N/D. A
 * send of one minor unit is reached by every r ≥ 1 (the floor of one unit). The most is zero
 * where even one minor unit of payout needs more than `maxSend`.
 */
export function payoutBoundsFor(
  minSend: Money,
  maxSend: Money,
  ourRate: string,
  targetCurrency: string,
): { least: Money; most: Money } {
  const target = Money.zero(targetCurrency);
  const { n, d } = minorUnitRate(ourRate, minSend, target);
  const least = minSend.minor <= 1n ? 1n : divideRounded(minSend.minor * n, d, 'ceiling');
  const most = divideRounded((maxSend.minor + 1n) * n, d, 'ceiling') - 1n;
  return {
    least: Money.fromMinor(least, targetCurrency),
    most: Money.fromMinor(maxSend.minor < 1n ? 0n : most, targetCurrency),
  };
}

/**
 * What the FX markup costs the customer, in the source currency: the send amount less what the
 * recipient's amount is worth at the mid-market rate. That worth is rounded down, so the cost is
 * rounded up: ⌈s − g / mid⌉ = s − ⌊g·10^(mid scale + source exponent) / (mid·10^target exponent)⌋.
 */
export function markupCostOf(send: Money, recipientGets: Money, mid: Scaled): Money {
  const worthAtMid = divideRounded(
    recipientGets.minor * pow10(mid.scale + send.exponent),
    mid.coefficient * pow10(recipientGets.exponent),
    'floor',
  );
  return Money.fromMinor(send.minor - worthAtMid, send.currency);
}
