import { formatDecimalAmount } from '@corridor/contracts';
import { parseRate, RateDecimal } from '../../lib/money.ts';

/** The inverse rate keeps this many significant digits, as a reading aid ("1 JPY = 0.0052 GBP"). */
const INVERSE_SIGNIFICANT_DIGITS = 5;

export interface FormattedRate {
  /** "1 GBP = 105.4031 INR", or "1 JPY = 0.0052 GBP" when inverse. */
  formatted: string;
  /** True when it reads 1 payout currency = x payment currency. */
  is_inverse: boolean;
}

/**
 * Our rate as the calculator reads it (docs/product/sending-money.md#the-live-quote): 1 payment currency = our rate in
 * the payout currency, its digits as quoted (thousands grouped). A rate under 1 reads badly
 * ("1 GBP = 0.00523 XYZ"), so it is shown the other way round, rounded half-up to five
 * significant digits; `exchange_rate` itself always stays our rate.
 */
export function formatExchangeRate(
  ourRate: string,
  paymentCurrency: string,
  payoutCurrency: string,
): FormattedRate {
  const rate = parseRate(ourRate);
  if (rate.greaterThanOrEqualTo(1)) {
    return {
      formatted: `1 ${paymentCurrency} = ${formatDecimalAmount(ourRate)} ${payoutCurrency}`,
      is_inverse: false,
    };
  }
  const inverse = new RateDecimal(1)
    .dividedBy(rate)
    .toSignificantDigits(INVERSE_SIGNIFICANT_DIGITS, RateDecimal.ROUND_HALF_UP)
    .toFixed();
  return {
    formatted: `1 ${payoutCurrency} = ${formatDecimalAmount(inverse)} ${paymentCurrency}`,
    is_inverse: true,
  };
}
