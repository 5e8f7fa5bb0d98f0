import type {
  Customer,
  Locale,
  PayoutTarget,
  Quote,
  QuoteAlerts,
  QuotePayoutMethod,
  Recipient,
  ReferenceItem,
  SavedQuote,
} from '@corridor/contracts';
import { translate } from '../../i18n/index.ts';
import type { MethodInfo, TargetInfo } from '../payouts/index.ts';
import { formatExchangeRate } from './exchange-rate-format.ts';
import type { QuoteFigures } from './quote-figures.ts';
import type { LocalizedDirectory } from './quote-directory.ts';
import { paymentMethods } from './payment-methods.ts';
import { transferDisableReason } from './transfer-disable-reason.ts';

/** What a quote is shown with: the reader's language, the customer, the reference data. */
export interface ResourceContext {
  locale: Locale;
  customer: Customer;
  localized: LocalizedDirectory;
  target: TargetInfo;
  method: MethodInfo;
}

type QuoteBase = Omit<Quote, 'sources' | 'targets' | 'payout_methods'>;

const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`${what} is not in the reference data`);
  return value;
};

function translateAlerts(alerts: QuoteAlerts, locale: Locale): QuoteAlerts {
  const translated: QuoteAlerts = {};
  if (alerts.send_amount !== undefined) {
    translated.send_amount = translate(alerts.send_amount, locale);
  }
  if (alerts.payout_amount !== undefined) {
    translated.payout_amount = translate(alerts.payout_amount, locale);
  }
  return translated;
}

/** A method of the quote's target, priced at `ourRate`, with its own arrival. */
export function quotePayoutMethod(
  ctx: Pick<ResourceContext, 'localized'>,
  methodId: string,
  figures: Pick<QuoteFigures, 'payment_currency' | 'payout_currency'>,
  ourRate: string,
  arrival: Date,
): QuotePayoutMethod {
  const method = required(ctx.localized.methodById.get(methodId), `method ${methodId}`);
  const rate = formatExchangeRate(ourRate, figures.payment_currency, figures.payout_currency);
  return {
    ...method,
    sell_rate_formatted: rate.formatted,
    estimated_arrival: arrival.toISOString(),
  };
}

/** The keys a live quote and a saved one share (docs/product/sending-money.md#the-live-quote, docs/product/sending-money.md#quotes). */
export function quoteBase(figures: QuoteFigures, ctx: ResourceContext): QuoteBase {
  const { localized, locale, method } = ctx;
  const source = required(
    localized.sources.find((s) => s.country.id === figures.payment_country_id),
    `source ${figures.payment_country_id}`,
  );
  const target: PayoutTarget = required(localized.targetById.get(ctx.target.id), 'target');
  const rate = formatExchangeRate(
    figures.our_rate,
    figures.payment_currency,
    figures.payout_currency,
  );
  const disableReason = transferDisableReason(ctx.customer, figures.alerts);
  return {
    payment_country: source.country,
    payment_currency: source.currency,
    payout_country: target.country,
    payout_currency: target.currency,
    payout_method: quotePayoutMethod(
      ctx,
      method.id,
      figures,
      figures.our_rate,
      figures.estimated_arrival,
    ),
    payout_companies: method.companies,
    payout_company: method.companies.find((c) => c.id === figures.payout_company_id) ?? null,
    require_payout_company_selection: method.companies.length > 1,
    amount_type: figures.amount_type,
    amount: figures.amount.toDecimalString(),
    ...figures.send.toWire('local_amount'),
    ...figures.recipient_gets.toWire('foreign_amount'),
    ...figures.fee.toWire('base_fees'),
    exchange_rate: figures.our_rate,
    exchange_rate_formatted: rate.formatted,
    exchange_rate_date: figures.rate_as_of.toISOString(),
    exchange_rate_is_inverse: rate.is_inverse,
    alerts: translateAlerts(figures.alerts, locale),
    transfer_disable_reason: disableReason === null ? null : translate(disableReason, locale),
    mid_market_rate: figures.mid_market_rate,
    our_rate: figures.our_rate,
    markup_percent: figures.markup_percent,
    ...figures.fee.toWire('fee'),
    ...figures.markup_cost.toWire('markup_cost'),
    ...figures.total_cost.toWire('total_cost'),
    total_cost_percent: figures.total_cost_percent,
    ...figures.recipient_gets.toWire('recipient_gets'),
    ...figures.total.toWire('total_to_pay'),
    ...figures.min_send.toWire('min_send_amount'),
    ...figures.max_send.toWire('max_send_amount'),
    estimated_arrival: figures.estimated_arrival.toISOString(),
    pricing_version: figures.pricing_version,
  };
}

/**
 * GET /client/v1/quote: the base, the sources and every method priced; the targets, the same
 * for every quote in a language, are joined in as encoded text (quote-json.ts).
 */
export function liveQuote(
  figures: QuoteFigures,
  ctx: ResourceContext,
  sources: PayoutTarget[],
  payoutMethods: QuotePayoutMethod[],
): Omit<Quote, 'targets'> {
  return { ...quoteBase(figures, ctx), sources, payout_methods: payoutMethods };
}

/** What a saved quote adds to its figures (docs/product/sending-money.md#the-saved-quote). */
export interface SavedQuoteParts {
  id: string;
  created_at: Date;
  expires_at: Date;
  now: Date;
  recipients: Recipient[];
  recipient: Recipient | null;
  /** null in the answers of the POSTs, as in the original; GET fills them. */
  purposes: ReferenceItem[] | null;
}

export function savedQuote(
  figures: QuoteFigures,
  ctx: ResourceContext,
  parts: SavedQuoteParts,
): SavedQuote {
  return {
    ...quoteBase(figures, ctx),
    id: parts.id,
    ...figures.send.toWire('sub_total_amount'),
    ...figures.total.toWire('total_amount'),
    discount_amount: null,
    discount_amount_formatted: null,
    discount_amount_currency_prefixed: null,
    coupon: null,
    recipients: parts.recipients,
    recipient: parts.recipient,
    purposes: parts.purposes,
    payment_methods: paymentMethods(ctx.locale),
    pending_documents: ctx.customer.pending_documents,
    created_at: parts.created_at.toISOString(),
    expires_at: parts.expires_at.toISOString(),
    is_expired: parts.expires_at.getTime() <= parts.now.getTime(),
  };
}
