import type { AmountType, Currency, Quote } from '@corridor/contracts';
import { fieldErrors } from '@/lib/api-error';
import { isZeroDecimal } from './decimal-text';
import type { TypedAmount } from './quote-request';

// The calculator's two amounts: their field names, messages, alerts and symbols.

/** The form's field of each side, named as the server's 422 and alerts name them. */
export const fieldNames = { send: 'send_amount', receive: 'payout_amount' } as const;

/** The 422 messages of a quote, under the amount they concern (`amount`: the side typed). */
export function amountErrors(error: unknown, amountType: AmountType | undefined) {
  const { amount, send_amount, payout_amount, ...others } = fieldErrors(error);
  const typedSide = amountType ?? 'send';
  const other = Object.values(others);
  return {
    send: send_amount ?? (typedSide === 'send' ? amount : undefined),
    receive: payout_amount ?? (typedSide === 'receive' ? amount : undefined),
    other: other.length > 0 ? other.join(' ') : null,
  };
}

/** The side whose amount is out of bounds (a limit's alert), if any. */
export function alertedSide(quote: Quote): AmountType | null {
  if (quote.alerts.send_amount !== undefined) return 'send';
  if (quote.alerts.payout_amount !== undefined) return 'receive';
  return null;
}

/** The currency's symbol before the figures, when it has one of its own. */
export function symbolOf(currency: Currency): string | undefined {
  return currency.icon_unicode === currency.code ? undefined : currency.icon_unicode;
}

/**
 * Why the amount typed cannot be priced, said at its field: it is not an amount ("abc", "-50")
 * or it is zero. Nothing is asked of the server for either, and no figure is shown.
 */
export function typedProblem(typed: TypedAmount | null): 'notAnAmount' | 'notPositive' | null {
  if (typed === null) return null;
  if (typed.value === null) return 'notAnAmount';
  return typed.value !== '' && isZeroDecimal(typed.value) ? 'notPositive' : null;
}
