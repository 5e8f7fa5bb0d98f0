import type { AmountType, PayoutTarget, Quote, QuoteRequest, Recipient } from '@corridor/contracts';

/** What the customer is typing on one side: the amount as read (null while it is not one). */
export interface TypedAmount {
  side: AmountType;
  /** A plain decimal string, '' when emptied, null while the text is not an amount. */
  value: string | null;
  /** The last amount the text read as ('' when emptied): what the field is given back. */
  shown: string;
  /** The customer has left the field: once priced, it shows the server's figure. */
  left?: boolean;
}

/** The first request: the server's defaults, or the recipient's country, currency and method. */
export function initialRequest(recipient?: Recipient): QuoteRequest {
  if (recipient === undefined) return {};
  return {
    payout_country_id: recipient.channel.country.id,
    payout_currency_id: recipient.channel.currency.id,
    payout_method_id: recipient.channel.payout_method.id,
  };
}

/** The corridor, method and partner a quote is for, as request keys. */
export function selectionOf(quote: Quote): QuoteRequest {
  return {
    payment_country_id: quote.payment_country.id,
    payment_currency_id: quote.payment_currency.id,
    payout_country_id: quote.payout_country.id,
    payout_currency_id: quote.payout_currency.id,
    payout_method_id: quote.payout_method.id,
    ...(quote.payout_company === null ? {} : { payout_company_id: quote.payout_company.id }),
  };
}

/** Exactly what a quote prices, to save it: its selection, side and amount. */
export function requestOf(quote: Quote): QuoteRequest {
  return { ...selectionOf(quote), amount_type: quote.amount_type, amount: quote.amount };
}

/** True when the customer's text on that side is an amount (not empty, not half-typed). */
function typedOn(
  typed: TypedAmount | null,
  side: AmountType,
): typed is TypedAmount & {
  value: string;
} {
  return typed !== null && typed.side === side && typed.value !== null && typed.value !== '';
}

/**
 * The server's figure on one side. On the side the quote was fixed on, the amount fixed as the
 * server read it: a fixed amount is paid exactly (docs/decisions/0020-pricing-and-rounding.md),
 * and the field never shows another figure for it.
 */
export function pricedAmount(quote: Quote, side: AmountType): string {
  if (quote.amount_type === side) return quote.amount;
  return side === 'send' ? quote.local_amount : quote.foreign_amount;
}

/** The amount on one side: what the customer typed there, else the server's. */
export function amountOn(quote: Quote, side: AmountType, typed: TypedAmount | null): string {
  if (typedOn(typed, side)) return typed.value;
  return pricedAmount(quote, side);
}

/** The side the customer fixed and its amount: what they typed, else what the quote was for. */
export function fixedAmount(
  quote: Quote,
  typed: TypedAmount | null,
): Required<Pick<QuoteRequest, 'amount_type' | 'amount'>> {
  if (typedOn(typed, 'send')) return { amount_type: 'send', amount: typed.value };
  if (typedOn(typed, 'receive')) return { amount_type: 'receive', amount: typed.value };
  return { amount_type: quote.amount_type, amount: quote.amount };
}

/** A picker's value for a country and currency pair (a country may pay out in two). */
export function targetKey(target: PayoutTarget): string {
  return `${target.country.id}/${target.currency.id}`;
}
