import { currencyExponent } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { Money } from '../../lib/money.ts';
import type { SourceCurrency } from '../pricing/index.ts';

/**
 * The amount a customer typed (`amount`, on the `amount_type` side): a plain decimal with at most
 * the currency's decimals (JPY none, KWD 3). Anything else is a 422 on `amount` saying what to
 * type; zero or less too. Limits are not checked here: they are alerts (HTTP 200).
 */

const PLAIN_DECIMAL = /^(-?)(0|[1-9]\d*)(?:\.(\d+))?$/;

/**
 * Beyond any transfer (and any bound of the pricing table) by far, and small enough that every
 * figure of a saved quote fits its bigint columns at any rate we quote (VND per pound, ×330 in
 * minor units, is the largest).
 */
const MAX_AMOUNT_MINOR = 1_000_000_000_000_000n;

/** What the calculator shows before the customer types: within every first sending limit. */
export const DEFAULT_SEND_AMOUNTS: Readonly<Record<SourceCurrency, string>> = {
  GBP: '200',
  USD: '250',
  AUD: '400',
  CAD: '350',
  EUR: '250',
};

const amountError = (message: string) => AppError.validation({ amount: [message] });

function example(exponent: number): string {
  return exponent === 0 ? '250' : `250.${'0'.repeat(exponent)}`;
}

/** `text` as an amount of `currency`, or the 422 on `amount` that says what is wrong with it. */
export function parseQuoteAmount(text: string, currency: string): Money {
  const exponent = currencyExponent(currency);
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) {
    throw amountError(apiText('quotes.amountFormat', { example: example(exponent) }));
  }
  const [, sign, , fraction = ''] = match;
  if (sign === '-') throw amountError(apiText('pricing.amountNotPositive'));
  if (fraction.length > exponent) {
    throw amountError(
      exponent === 0
        ? apiText('quotes.amountNoDecimals', { currency })
        : apiText('quotes.amountTooManyDecimals', { currency, decimals: exponent }),
    );
  }
  const amount = Money.parse(text, currency);
  if (!amount.isPositive()) throw amountError(apiText('pricing.amountNotPositive'));
  if (amount.minor > MAX_AMOUNT_MINOR) throw amountError(apiText('quotes.amountTooLarge'));
  return amount;
}
