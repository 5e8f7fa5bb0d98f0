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

/** Each line's key names its label in the disclosure texts. */
export type DisclosureLineKey =
  | 'amountSent'
  | 'fee'
  | 'midMarketRate'
  | 'ourRate'
  | 'markup'
  | 'totalCost'
  | 'total'
  | 'recipientGets'
  | 'availableBy'
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

/**
 * A decimal string written digit for digit in `locale`, never through a float: with its currency's
 * code when given ("GBP 1,000.50" / "1000,50 GBP"), else as a plain number ("106.6181").
 */
function formatDecimal(value: string, locale: Locale, currency?: string): string {
  const digits = value.split('.')[1]?.length ?? 0;
  return new Intl.NumberFormat(locale, {
    ...(currency === undefined ? {} : { style: 'currency', currency, currencyDisplay: 'code' }),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value as Intl.StringNumericLiteral);
}

/** An amount in its currency, as every money line of the disclosure writes it. */
export function formatDisclosureMoney(amount: string, currency: string, locale: Locale): string {
  return formatDecimal(amount, locale, currency);
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

function rate(value: string, figures: DisclosureFigures, locale: Locale): string {
  return `1 ${figures.paymentCurrency} = ${formatDecimal(value, locale)} ${figures.payoutCurrency}`;
}

/** When the free cancellation ends: as the server states it, else 30 minutes after payment. */
function cancelEnd(figures: DisclosureFigures): string | null {
  const { cancellableUntil, paidAt } = figures;
  if (cancellableUntil !== null || paidAt === null) return cancellableUntil;
  return new Date(Date.parse(paidAt) + DISCLOSURE_CANCELLATION_MINUTES * 60_000).toISOString();
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
  const paying = (amount: string) => formatDecimal(amount, locale, figures.paymentCurrency);
  const number = (value: string) => formatDecimal(value, locale);
  const end = cancelEnd(figures);
  const transfer = figures.transactionNumber;
  const values: [DisclosureLineKey, string][] = [
    ['amountSent', paying(figures.amountSent)],
    ['fee', paying(figures.fee)],
    ['midMarketRate', rate(figures.midMarketRate, figures, locale)],
    ['ourRate', rate(figures.ourRate, figures, locale)],
    ['markup', fill(words.markupValue, { percent: number(figures.markupPercent) })],
    [
      'totalCost',
      fill(words.totalCostValue, {
        amount: paying(figures.totalCost),
        percent: number(figures.totalCostPercent),
      }),
    ],
    ['total', paying(figures.totalToPay)],
    ['recipientGets', formatDecimal(figures.recipientGets, locale, figures.payoutCurrency)],
    ['availableBy', time(figures.availableBy)],
    [
      'cancel',
      fill(words.cancelValue, {
        window:
          end === null ? words.cancelAfterPaying : fill(words.cancelUntil, { until: time(end) }),
        email,
      }),
    ],
    [
      'dispute',
      fill(words.disputeValue, {
        transfer:
          transfer === null
            ? words.yourTransfer
            : fill(words.transferNumbered, { number: transfer }),
        email,
      }),
    ],
  ];
  return values.map(([key, value]) => ({ key, label: words[key], value }));
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
