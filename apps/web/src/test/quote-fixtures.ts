import {
  quoteSchema,
  recipientSchema,
  savedQuoteSchema,
  toMoneyWire,
  type Currency,
  type PayoutTarget,
  type Quote,
  type QuotePayoutMethod,
  type RateHistoryPoint,
  type Recipient,
  type SavedQuote,
} from '@corridor/contracts';
import { countryFixture, unitedKingdom, unitedStates } from './fixtures';

// The calculator's fixtures (features/quotes): a quote as GET /client/v1/quote answers it, the
// saved quote of POST /client/v1/quote, and a recipient to scope the calculator to. Every one
// is parsed by its contract, so a fixture that drifts from the wire format fails at once.

const at = '2026-11-22T10:00:00.000Z';
const uuid = (group: string, n: number) => `${group}-1b2c-4d3e-8f40-${String(n).padStart(12, '0')}`;

/** A currency; ids are fixed per code so tests can send and expect them. */
export function currencyFixture(
  code: string,
  isoNumeric: number,
  symbol: string,
  n: number,
): Currency {
  return {
    id: uuid('c0ffee00', n),
    decimal_places: code === 'JPY' ? 0 : 2,
    iso_numeric: isoNumeric,
    type: 'FIAT',
    crypto_code: null,
    iso_alpha: code,
    common_name: code,
    official_name: code,
    icon_unicode: symbol,
    code,
    salary_ranges: null,
  };
}

export const gbp = currencyFixture('GBP', 826, '£', 1);
export const usd = currencyFixture('USD', 840, '$', 2);
export const inr = currencyFixture('INR', 356, '₹', 3);
export const php = currencyFixture('PHP', 608, '₱', 4);
export const india = countryFixture('IN', 'India', '+91', 20);
export const philippines = countryFixture('PH', 'Philippines', '+63', 21);

export const ukSource: PayoutTarget = { country: unitedKingdom, currency: gbp };
export const usSource: PayoutTarget = { country: unitedStates, currency: usd };
export const indiaTarget: PayoutTarget = { country: india, currency: inr };
export const philippinesTarget: PayoutTarget = { country: philippines, currency: php };

function method(
  n: number,
  code: QuotePayoutMethod['code'],
  title: string,
  description: string,
  arrival: string,
  extra: Partial<QuotePayoutMethod> = {},
): QuotePayoutMethod {
  return {
    id: uuid('a11ce000', n),
    code,
    title,
    description,
    instruction: null,
    promo: null,
    sell_rate_formatted: null,
    estimated_arrival: arrival,
    ...extra,
  };
}

export const bankMethod = method(
  1,
  'BANK-ACCOUNT',
  'Bank account',
  'Straight into their bank account.',
  '2026-11-23T10:00:00.000Z',
  { instruction: 'Check the IFSC code with the recipient.' },
);
export const walletMethod = method(
  2,
  'MOBILE-WALLET',
  'Mobile wallet',
  'To their mobile money wallet.',
  '2026-11-22T10:15:00.000Z',
  { promo: 'No fee on wallet transfers this month.' },
);
export const cashMethod = method(
  3,
  'CASH-PICKUP',
  'Cash pickup',
  'Collected at a partner agent.',
  '2026-11-22T12:00:00.000Z',
);

export interface QuoteFixtureOptions {
  amount_type?: Quote['amount_type'];
  amount?: string;
  /** What is sent (fee excluded), in the source currency, with its decimals. */
  send?: string;
  /** What the recipient gets, in the target currency. */
  receive?: string;
  fee?: string;
  total?: string;
  source?: PayoutTarget;
  target?: PayoutTarget;
  method?: QuotePayoutMethod;
  methods?: QuotePayoutMethod[];
  sources?: PayoutTarget[];
  alerts?: Quote['alerts'];
  transfer_disable_reason?: string | null;
}

/** A live quote: by default 100.00 GBP to India by bank, 10,540.31 INR, a 1.99 GBP fee. */
export function quoteFixture(options: QuoteFixtureOptions = {}): Quote {
  const source = options.source ?? ukSource;
  const target = options.target ?? indiaTarget;
  const from = source.currency.code;
  const to = target.currency.code;
  const send = options.send ?? '100.00';
  const receive = options.receive ?? '10540.31';
  const fee = options.fee ?? '1.99';
  const methods = options.methods ?? [bankMethod, walletMethod];
  const payoutMethod = options.method ?? methods[0] ?? bankMethod;
  return quoteSchema.parse({
    payment_country: source.country,
    payment_currency: source.currency,
    payout_country: target.country,
    payout_currency: target.currency,
    payout_method: payoutMethod,
    payout_companies: [{ id: uuid('b0a70000', 1), code: 'TERRA_PAY', title: 'TerraPay' }],
    payout_company: { id: uuid('b0a70000', 1), code: 'TERRA_PAY', title: 'TerraPay' },
    require_payout_company_selection: false,
    amount_type: options.amount_type ?? 'send',
    amount: options.amount ?? send,
    ...toMoneyWire('local_amount', from, send),
    ...toMoneyWire('foreign_amount', to, receive),
    ...toMoneyWire('base_fees', from, fee),
    exchange_rate: '105.4031',
    exchange_rate_formatted: `1 ${from} = 105.4031 ${to}`,
    exchange_rate_date: at,
    exchange_rate_is_inverse: false,
    alerts: options.alerts ?? {},
    transfer_disable_reason: options.transfer_disable_reason ?? null,
    mid_market_rate: '105.8800',
    our_rate: '105.4031',
    markup_percent: '0.45',
    ...toMoneyWire('fee', from, fee),
    ...toMoneyWire('markup_cost', from, '0.45'),
    ...toMoneyWire('total_cost', from, '2.44'),
    total_cost_percent: '2.44',
    ...toMoneyWire('recipient_gets', to, receive),
    ...toMoneyWire('total_to_pay', from, options.total ?? '101.99'),
    ...toMoneyWire('min_send_amount', from, '1.00'),
    ...toMoneyWire('max_send_amount', from, '15000.00'),
    estimated_arrival: payoutMethod.estimated_arrival,
    pricing_version: '2026-11-01',
    sources: options.sources ?? [ukSource, usSource],
    targets: [indiaTarget, philippinesTarget],
    payout_methods: methods,
  });
}

export const savedQuoteId = uuid('5a7ed000', 1);

/** The quote saved by POST /client/v1/quote (or send-money), rate locked for 30 minutes. */
export function savedQuoteFixture(
  quote: Quote = quoteFixture(),
  recipient: Recipient | null = null,
): SavedQuote {
  const { sources: _sources, targets: _targets, payout_methods: _methods, ...base } = quote;
  const from = quote.payment_currency.code;
  return savedQuoteSchema.parse({
    ...base,
    id: savedQuoteId,
    ...toMoneyWire('sub_total_amount', from, quote.local_amount),
    ...toMoneyWire('total_amount', from, quote.total_to_pay),
    discount_amount: null,
    discount_amount_formatted: null,
    discount_amount_currency_prefixed: null,
    coupon: null,
    recipients: recipient === null ? [] : [recipient],
    recipient,
    purposes: null,
    payment_methods: [],
    pending_documents: [],
    created_at: at,
    expires_at: '2026-11-22T10:30:00.000Z',
    is_expired: false,
  });
}

/** A recipient in India paid by bank: what the scoped calculator needs of one. */
export function quoteRecipientFixture(): Recipient {
  const { estimated_arrival: _arrival, ...payoutMethod } = bankMethod;
  return recipientSchema.parse({
    id: uuid('9ec1e000', 1),
    recipient_type: 'individual',
    name: 'Priya',
    second_name: null,
    third_name: 'Sharma',
    whole_name: 'Priya Sharma',
    relationship: null,
    channel: {
      id: uuid('c4a77e10', 1),
      configuration: {
        recipient_type: null,
        confirm_account_number: false,
        name_lookup_requirements: [],
        name_validation_requirements: [],
      },
      attributes: [],
      country: india,
      currency: inr,
      payout_method: payoutMethod,
    },
    attributes: [],
    account_detail: {
      account_number: '12345678',
      account_holder_name: 'Priya Sharma',
      institution: null,
    },
    account_detail_hashmap: [],
    transaction_summary: { first_transaction_at: null, recent_transaction_at: null },
    created_at: at,
    updated_at: at,
  });
}

/** Thirty days of GBP → INR: lowest on the 3rd, highest on the 20th, the latest last. */
export function rateHistoryFixture(): RateHistoryPoint[] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = index + 1;
    const rate =
      day === 3 ? '103.2000' : day === 20 ? '107.9500' : day === 30 ? '105.8800' : '105.1000';
    return { date: `2026-11-${String(day).padStart(2, '0')}`, rate };
  });
}
