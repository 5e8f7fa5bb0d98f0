import { RateDecimal, type RateInput } from '../../lib/money.ts';

/** One mid-market rate as a provider gives it: 1 `base` = `rate` `quote`, at the provider's time. */
export interface FetchedRate {
  base: string;
  quote: string;
  /** A plain decimal string ("112.5875"), never a float. */
  rate: string;
  /** The provider's time for the rate (not when it was fetched). */
  as_of: Date;
}

/**
 * Where mid-market rates come from (docs/decisions/0021): the sandbox (a dated snapshot with a
 * small random walk) or the ECB's daily reference rates. A provider answers the pairs it can
 * serve and leaves the others out; it throws when it cannot answer at all.
 */
export interface FxRateProvider {
  /** Stored with every rate: rates of two providers are never mixed. */
  readonly name: 'sandbox' | 'ecb';
  fetchRates(): Promise<FetchedRate[]>;
}

/** A currency pair: 1 `base` in `quote`. */
export interface CurrencyPair {
  base: string;
  quote: string;
}

/** Significant digits of a derived rate: more than any source publishes (the ECB gives 5 or 6). */
export const RATE_SIGNIFICANT_DIGITS = 10;

/** A rate in plain notation, rounded half-even to RATE_SIGNIFICANT_DIGITS: "112.5875035". */
export function roundedRate(rate: RateInput): string {
  return new RateDecimal(rate)
    .toSignificantDigits(RATE_SIGNIFICANT_DIGITS, RateDecimal.ROUND_HALF_EVEN)
    .toFixed();
}

/**
 * The rate of `pair` from rates against one pivot currency (units per 1 pivot, the pivot itself
 * 1): quote per pivot ÷ base per pivot, rounded once. Undefined when either side is unknown.
 */
export function crossRate(
  perPivot: ReadonlyMap<string, string>,
  pivot: string,
  pair: CurrencyPair,
): string | undefined {
  const per = (code: string) => (code === pivot ? '1' : perPivot.get(code));
  const base = per(pair.base);
  const quote = per(pair.quote);
  if (base === undefined || quote === undefined) return undefined;
  return roundedRate(new RateDecimal(quote).div(base));
}
