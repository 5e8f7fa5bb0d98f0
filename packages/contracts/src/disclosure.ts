import type { DisclosureTexts } from './disclosure-texts.ts';
import type { Locale } from './locales.ts';
import type { SavedQuote } from './quotes.ts';
import type { Transaction } from './transactions.ts';

/**
 * The one full-cost disclosure (docs/product/sending-money.md#receipts-and-statements): the
 * ordered lines the wizard's confirm step shows before paying and the receipt prints after, from
 * the same figures, in the customer's language. Plain TypeScript without zod, so a screen that
 * imports it (`@corridor/contracts/wire/disclosure`) loads no schemas, and its words come in
 * as an argument (disclosure-texts.ts), so a browser loads one language's.
 */

/** The free cancellation window after payment (docs/product/sending-money.md#cancellation-window). */
export const DISCLOSURE_CANCELLATION_MINUTES = 30;

/** Where a customer cancels or disputes by email; named in every disclosure. */
export const DISCLOSURE_CONTACT_EMAIL = 'help@corridor.example';

/** Every figure a disclosure states: amounts as decimal strings, times as ISO strings. */
export interface DisclosureFigures {
  paymentCurrency: string;
  payoutCurrency: string;
  amountSent: string;
  fee: string;
  midMarketRate: string;
  ourRate: string;
  /** Our margin over the mid-market rate, in percent ("0.45"). */
  markupPercent: string;
  /** Fee and markup, in the payment currency. */
  totalCost: string;
  totalCostPercent: string;
  totalToPay: string;
  recipientGets: string;
  availableBy: string;
  /** The end of the free cancellation, when the server states it. */
  cancellableUntil: string | null;
  /** When the payment cleared; the window is 30 minutes from it when no end is stated. */
  paidAt: string | null;
  /** The transfer's number once there is one (not before confirm). */
  transactionNumber: string | null;
}

export type DisclosureLineKey =
  | 'amount-sent'
  | 'fee'
  | 'mid-market-rate'
  | 'our-rate'
  | 'markup'
  | 'total-cost'
  | 'total'
  | 'recipient-gets'
  | 'available-by'
  | 'cancel'
  | 'dispute';

export interface DisclosureLine {
  key: DisclosureLineKey;
  label: string;
  value: string;
}

export interface DisclosureOptions {
  /** IANA zone the times are written in: the browser's on screen, UTC on a receipt. */
  timeZone?: string;
  contactEmail?: string;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function decimals(value: string): number {
  return value.split('.')[1]?.length ?? 0;
}

/** "GBP 1,000.50" / "1000,50 GBP": a decimal string formatted digit for digit, never a float. */
export function formatDisclosureMoney(amount: string, currency: string, locale: Locale): string {
  const digits = decimals(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount as Intl.StringNumericLiteral);
}

function formatNumber(value: string, locale: Locale): string {
  const digits = decimals(value);
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value as Intl.StringNumericLiteral);
}

function formatPercent(value: string, locale: Locale): string {
  // "0.45%" and "0,45 %": each language's own spacing, from Intl's percent pattern.
  const sample = new Intl.NumberFormat(locale, { style: 'percent' }).format(0.5);
  return sample.replace('50', formatNumber(value, locale));
}

/** "29 November 2026, 14:32 UTC" in `timeZone`, with the zone named. */
export function formatDisclosureTime(iso: string, locale: Locale, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(iso));
}

function cancelUntil(figures: DisclosureFigures): string | null {
  if (figures.cancellableUntil !== null) return figures.cancellableUntil;
  if (figures.paidAt === null) return null;
  const end = new Date(figures.paidAt).getTime() + DISCLOSURE_CANCELLATION_MINUTES * 60_000;
  return new Date(end).toISOString();
}

function rate(value: string, figures: DisclosureFigures, locale: Locale): string {
  return `1 ${figures.paymentCurrency} = ${formatNumber(value, locale)} ${figures.payoutCurrency}`;
}

/**
 * The disclosure's lines, in order, each a label and its value, in `words` (a language's
 * disclosure texts) with figures written the way `locale` writes them.
 */
export function disclosureLines(
  figures: DisclosureFigures,
  words: DisclosureTexts,
  locale: Locale,
  options: DisclosureOptions = {},
): DisclosureLine[] {
  const email = options.contactEmail ?? DISCLOSURE_CONTACT_EMAIL;
  const time = (iso: string) => formatDisclosureTime(iso, locale, options.timeZone);
  const paying = (amount: string) => formatDisclosureMoney(amount, figures.paymentCurrency, locale);
  const percent = (value: string) => formatPercent(value, locale);
  const until = cancelUntil(figures);
  const number = figures.transactionNumber;
  return [
    { key: 'amount-sent', label: words.amountSent, value: paying(figures.amountSent) },
    { key: 'fee', label: words.fee, value: paying(figures.fee) },
    {
      key: 'mid-market-rate',
      label: words.midMarketRate,
      value: rate(figures.midMarketRate, figures, locale),
    },
    { key: 'our-rate', label: words.ourRate, value: rate(figures.ourRate, figures, locale) },
    {
      key: 'markup',
      label: words.markup,
      value: fill(words.markupValue, { percent: percent(figures.markupPercent) }),
    },
    {
      key: 'total-cost',
      label: words.totalCost,
      value: fill(words.totalCostValue, {
        amount: paying(figures.totalCost),
        percent: percent(figures.totalCostPercent),
      }),
    },
    { key: 'total', label: words.total, value: paying(figures.totalToPay) },
    {
      key: 'recipient-gets',
      label: words.recipientGets,
      value: formatDisclosureMoney(figures.recipientGets, figures.payoutCurrency, locale),
    },
    { key: 'available-by', label: words.availableBy, value: time(figures.availableBy) },
    {
      key: 'cancel',
      label: words.cancel,
      value:
        until === null
          ? fill(words.cancelAfterPaying, { email })
          : fill(words.cancelUntil, { until: time(until), email }),
    },
    {
      key: 'dispute',
      label: words.dispute,
      value:
        number === null
          ? fill(words.disputeValue, { email })
          : fill(words.disputeValueNumbered, { email, number }),
    },
  ];
}

/** The figures of a transfer as GET /client/v1/transaction/{id} sends them. */
export function transactionDisclosureFigures(transaction: Transaction): DisclosureFigures {
  const cleared = transaction.timeline.find(
    (entry) => entry.state.code === 'PAYMENT-CLEARED' && entry.created_at !== null,
  );
  return {
    paymentCurrency: transaction.payment_currency.code,
    payoutCurrency: transaction.payout_currency.code,
    amountSent: transaction.local_amount,
    fee: transaction.base_fees,
    midMarketRate: transaction.mid_market_rate,
    ourRate: transaction.exchange_rate,
    markupPercent: transaction.markup_percent,
    totalCost: transaction.total_cost,
    totalCostPercent: transaction.total_cost_percent,
    totalToPay: transaction.total_to_pay,
    recipientGets: transaction.payout_amount,
    availableBy: transaction.available_by,
    cancellableUntil: transaction.cancellable_until,
    paidAt: cleared?.created_at ?? null,
    transactionNumber: transaction.transaction_number,
  };
}

/** The figures of a saved quote, before anything is paid (the wizard's confirm step). */
export function quoteDisclosureFigures(quote: SavedQuote): DisclosureFigures {
  return {
    paymentCurrency: quote.payment_currency.code,
    payoutCurrency: quote.payout_currency.code,
    amountSent: quote.local_amount,
    fee: quote.fee,
    midMarketRate: quote.mid_market_rate,
    ourRate: quote.our_rate,
    markupPercent: quote.markup_percent,
    totalCost: quote.total_cost,
    totalCostPercent: quote.total_cost_percent,
    totalToPay: quote.total_to_pay,
    recipientGets: quote.recipient_gets,
    availableBy: quote.estimated_arrival,
    cancellableUntil: null,
    paidAt: null,
    transactionNumber: null,
  };
}
