import type { AmountType, Customer, QuoteAlerts } from '@corridor/contracts';
import type { Money } from '../../lib/money.ts';
import type { LatestRate } from '../fx/index.ts';
import {
  priceTransfer,
  type SendingLimitInput,
  type SentTotals,
  type TransferPrice,
  type VerificationLevel,
} from '../pricing/index.ts';
import { estimatedArrival } from './estimated-arrival.ts';
import type { QuoteSelection } from './quote-selection.ts';

/**
 * Every figure of a quote, as shown and as a saved quote keeps it (the `quotes` row): a live
 * quote is priced into this, a saved one is read back into it, and both become the same answer.
 * Alerts are English (translated on the way out).
 */
export interface QuoteFigures {
  payment_country_id: string;
  payment_currency: string;
  payout_target_id: string;
  payout_currency: string;
  payout_method_id: string;
  payout_company_id: string | null;
  amount_type: AmountType;
  /** What the customer typed, in the currency of its side. */
  amount: Money;
  send: Money;
  fee: Money;
  total: Money;
  recipient_gets: Money;
  markup_cost: Money;
  total_cost: Money;
  min_send: Money;
  max_send: Money;
  total_cost_percent: string;
  mid_market_rate: string;
  our_rate: string;
  markup_percent: string;
  rate_as_of: Date;
  rate_provider: string;
  pricing_version: string;
  alerts: QuoteAlerts;
  estimated_arrival: Date;
}

/**
 * The customer's verification level, from their approved documents (docs/product/sending-money.md#limits):
 * `verified` once a proof of identity is approved, `enhanced` once a source of funds is approved
 * as well, `unverified` before. Read from the customer resource, which lists the documents.
 */
export function verificationLevelOf(customer: Pick<Customer, 'documents'>): VerificationLevel {
  const approved = (category: string) =>
    customer.documents.some(
      (document) =>
        document.document_category.code === category && document.status_code === 'approved',
    );
  if (!approved('POI')) return 'unverified';
  return approved('SOF') ? 'enhanced' : 'verified';
}

/** What the customer sent in each rolling window: the transfers module's port (issue 29). */
export interface SentTotalsPort {
  sentTotals(customerId: string, currency: string): Promise<SentTotals>;
}

/**
 * The customer's side of the sending limits: their level, and what they already sent in each
 * window (the send amounts of their transfers that count, read through SentTotalsPort).
 */
export function sendingLimitInput(customer: Customer, sent: SentTotals): SendingLimitInput {
  return { verification_level: verificationLevelOf(customer), sent };
}

/** The price of the selection at `rate` by `methodCode` (the chosen method, or another of the target). */
export function priceSelection(
  selection: QuoteSelection,
  rate: LatestRate,
  limits: SendingLimitInput,
  methodCode: string = selection.method.code,
): TransferPrice {
  return priceTransfer({
    corridor: {
      source_currency: selection.source.currency,
      target_currency: selection.target.currency.iso_alpha,
      method: methodCode,
    },
    mid_rate: rate.rate,
    amount_type: selection.amount_type,
    amount: selection.amount,
    sending_limits: limits,
  });
}

/** The figures of a priced selection, at `now`. */
export function figuresOf(
  selection: QuoteSelection,
  price: TransferPrice,
  rate: LatestRate & { provider: string },
  now: Date,
): QuoteFigures {
  return {
    payment_country_id: selection.source.country_id,
    payment_currency: selection.source.currency,
    payout_target_id: selection.target.id,
    payout_currency: selection.target.currency.iso_alpha,
    payout_method_id: selection.method.id,
    payout_company_id: selection.company?.id ?? null,
    amount_type: selection.amount_type,
    amount: selection.amount,
    send: price.send_amount,
    fee: price.fee,
    total: price.total_to_pay,
    recipient_gets: price.recipient_gets,
    markup_cost: price.markup_cost,
    total_cost: price.total_cost,
    min_send: price.min_send,
    max_send: price.max_send,
    total_cost_percent: price.total_cost_percent,
    mid_market_rate: price.mid_market_rate,
    our_rate: price.our_rate,
    markup_percent: price.markup_percent,
    rate_as_of: rate.as_of,
    rate_provider: rate.provider,
    pricing_version: price.pricing_version,
    alerts: { ...price.alerts },
    estimated_arrival: estimatedArrival(
      selection.method.code,
      selection.target.country.iso2_alpha,
      now,
    ),
  };
}
