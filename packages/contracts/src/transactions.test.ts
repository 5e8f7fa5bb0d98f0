import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { conflictTypes, preconditionTypes } from './error-types.ts';
import { typedErrorSchema } from './errors.ts';
import { recipientSchema } from './recipients.ts';
import {
  paymentRetryBodySchema,
  paymentSchema,
  paymentTransactionStateUpdatedSchema,
  type Payment,
} from './payments.ts';
import {
  confirmQuoteBodySchema,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  transactionStateUpdatedSchema,
  type Transaction,
} from './transactions.ts';

const id = (n: number) => `4f9d3c1e-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = '2026-11-28T10:00:00.000Z';

const gb = {
  id: id(1),
  iso2_alpha: 'GB',
  iso3_alpha: 'GBR',
  iso_numeric: '826',
  fips_code: null,
  slug: 'united-kingdom',
  calling_code: '44',
  common_name: 'United Kingdom',
  official_name: 'United Kingdom of Great Britain and Northern Ireland',
  endonym: 'United Kingdom',
  demonym: 'British',
};
const india = {
  ...gb,
  id: id(2),
  iso2_alpha: 'IN',
  iso3_alpha: 'IND',
  iso_numeric: '356',
  slug: 'india',
  calling_code: '91',
  common_name: 'India',
  official_name: 'Republic of India',
  endonym: 'Bhārat',
  demonym: 'Indian',
};
const currency = (code: string, n: number, name: string) => ({
  id: id(n),
  decimal_places: 2,
  iso_numeric: n,
  type: 'FIAT' as const,
  crypto_code: null,
  iso_alpha: code,
  common_name: name,
  official_name: name,
  icon_unicode: code,
  code,
  salary_ranges: null,
});
const bankAccount = {
  id: id(3),
  code: 'BANK-ACCOUNT' as const,
  title: 'Bank account',
  description: 'Paid into a bank account',
  instruction: null,
  promo: null,
  sell_rate_formatted: null,
};
const recipient = recipientSchema.parse({
  id: id(4),
  recipient_type: 'individual',
  name: 'Priya',
  second_name: null,
  third_name: 'Sharma',
  whole_name: 'Priya Sharma',
  relationship: null,
  channel: {
    id: id(5),
    configuration: {
      recipient_type: null,
      confirm_account_number: true,
      name_lookup_requirements: [],
      name_validation_requirements: [],
    },
    attributes: [],
    country: india,
    currency: currency('INR', 356, 'Indian rupee'),
    payout_method: bankAccount,
  },
  attributes: [],
  account_detail: {
    account_number: '12345678',
    account_holder_name: 'Priya Sharma',
    institution: null,
  },
  account_detail_hashmap: [],
  transaction_summary: { first_transaction_at: at, recent_transaction_at: at },
  created_at: at,
  updated_at: at,
});

const state = (code: string, progress: number, color: string, date: string | null) => ({
  state: {
    id: id(100 + progress),
    code,
    label: code,
    description: 'Shown in the banner.',
    progress,
    color_scheme: color,
  },
  created_at: date,
});

/** The original product's transaction detail (docs/product/sending-money.md#transactions), in Corridor's shape. */
const payment: Payment = {
  id: id(6),
  state: { id: id(7), code: 'PENDING', label: 'Awaiting payment', color_scheme: 'yellow' },
  payment_method: { id: id(8), code: 'MANUAL-PAYMENT', title: 'Bank transfer', description: null },
  payment_provider: {
    id: id(9),
    code: 'MANUAL-PAYMENT',
    title: 'Corridor Sandbox Bank',
    description: null,
    payment_data_requirements: [],
  },
  total_payment_amount: '102.00',
  total_payment_amount_formatted: '102.00',
  total_payment_amount_currency_prefixed: 'GBP 102.00',
  shared_reference: 'TP7402166',
  payment_url: null,
  client_payment_account: {
    id: id(10),
    institution_name: 'Corridor Sandbox Bank',
    instruction_text: 'Pay by bank transfer with this reference.',
    payment_reference: 'TP7402166',
    wait_time_message: 'Usually within minutes.',
    attributes: [
      { key: 'Sort code', value: '04-00-04' },
      { key: 'Account number', value: '12345678' },
    ],
  },
  payment_account: null,
  customer_confirmed_payment: false,
  // The fixture's deadline: created plus 5 days.
  expires_at: '2026-12-03T10:00:00.000Z',
  payment_terms: 'Pay the exact amount.\nQuote the reference.',
  awaiting_confirmation: false,
  created_at: at,
  updated_at: at,
};

const transaction: Transaction = {
  id: id(11),
  transaction_number: 'TP7402166',
  created_at: at,
  updated_at: at,
  state: state('PENDING-PAYMENT', 20, 'yellow', at).state as Transaction['state'],
  hold: null,
  payment_country: gb,
  payment_currency: currency('GBP', 826, 'Pound sterling'),
  payout_country: india,
  payout_currency: currency('INR', 356, 'Indian rupee'),
  payout_method: bankAccount,
  payout_company: { id: id(12), code: 'TERRA_PAY', title: 'TerraPay' },
  purpose: { id: id(13), code: 'FAMILY-SUPPORT', title: 'Family support', description: null },
  local_amount: '100.00',
  local_amount_formatted: '100.00',
  local_amount_currency_prefixed: 'GBP 100.00',
  payout_amount: '10500.00',
  payout_amount_formatted: '10,500.00',
  payout_amount_currency_prefixed: 'INR 10,500.00',
  base_fees: '2.00',
  base_fees_formatted: '2.00',
  base_fees_currency_prefixed: 'GBP 2.00',
  exchange_rate: '105',
  exchange_rate_formatted: '1 GBP = 105.0000 INR',
  exchange_rate_is_inverse: false,
  coupon_discount_amount: null,
  coupon_discount_amount_formatted: null,
  coupon_discount_amount_currency_prefixed: null,
  exchange_rate_before_coupon: null,
  exchange_rate_before_coupon_formatted: null,
  mid_market_rate: '107.1',
  markup_percent: '1.96',
  total_cost: '4.00',
  total_cost_formatted: '4.00',
  total_cost_currency_prefixed: 'GBP 4.00',
  total_cost_percent: '4.00',
  total_to_pay: '102.00',
  total_to_pay_formatted: '102.00',
  total_to_pay_currency_prefixed: 'GBP 102.00',
  recipient,
  payment,
  payout: null,
  documents: [],
  pending_documents: [],
  available_by: '2026-11-29T10:00:00.000Z',
  cancellable_until: null,
  refunds: [],
  timeline: [
    state('CREATED', 10, 'gray', at),
    state('PENDING-PAYMENT', 20, 'yellow', at),
    state('PAYMENT-CLEARED', 40, 'blue', null),
    // The fixture's last entry: PAYOUT-SUCCESS, progress 100, no date.
    state('PAYOUT-SUCCESS', 100, 'green', null),
  ] as Transaction['timeline'],
};

describe('transactionSchema (docs/product/sending-money.md#transactions)', () => {
  it("parses a transaction with the original's keys, amounts as decimal strings", () => {
    expect(transactionSchema.parse(transaction)).toEqual(transaction);
    expect(
      transactionListSchema.parse({
        data: [transaction],
        pagination: {
          total: 1,
          count: 1,
          per_page: 10,
          current_page: 1,
          total_pages: 1,
          links: { self: '/client/v1/transactions?page=1', next: null, prev: null },
        },
      }).data,
    ).toHaveLength(1);
  });

  it('refuses an unknown state, a progress past 100, an amount as a number, a numeric transaction number', () => {
    const bad = [
      { ...transaction, state: { ...transaction.state, code: 'INITIATED' } },
      { ...transaction, state: { ...transaction.state, progress: 101 } },
      { ...transaction, state: { ...transaction.state, color_scheme: 'purple' } },
      { ...transaction, local_amount: 100 },
      { ...transaction, transaction_number: 7402166 },
    ];
    for (const value of bad) expect(transactionSchema.safeParse(value).success).toBe(false);
  });

  it('carries a held transfer’s reason and the action that clears it', () => {
    const held = {
      ...transaction,
      hold: {
        reason: { code: 'DOCUMENT-OWED', text: 'We need a document from you.' },
        action: { code: 'UPLOAD-DOCUMENT', text: 'Upload the document.' },
      },
    };
    expect(transactionSchema.parse(held).hold?.action.code).toBe('UPLOAD-DOCUMENT');
    expect(
      transactionSchema.safeParse({ ...held, hold: { reason: held.hold.reason } }).success,
    ).toBe(false);
  });
});

describe('paymentSchema (docs/product/sending-money.md#payments)', () => {
  it('parses the retry answer: a new CREATED payment with the suffixed reference', () => {
    const retry = {
      ...payment,
      id: id(14),
      state: { id: id(15), code: 'CREATED', label: 'Awaiting payment', color_scheme: 'yellow' },
      shared_reference: 'TP7402166-002',
      client_payment_account: null,
      expires_at: null,
    };
    expect(paymentSchema.parse(retry)).toEqual(retry);
  });

  it('spells the states with hyphens, as the backend sends them', () => {
    const withState = (code: string) => ({ ...payment, state: { ...payment.state, code } });
    expect(paymentSchema.safeParse(withState('TIMED-OUT')).success).toBe(true);
    expect(paymentSchema.safeParse(withState('PART-REFUNDED')).success).toBe(true);
    expect(paymentSchema.safeParse(withState('TIMED_OUT')).success).toBe(false);
    expect(paymentSchema.safeParse(withState('PART_REFUNDED')).success).toBe(false);
  });
});

describe('the confirm body and the retry body', () => {
  const body = {
    purpose_id: id(13),
    payment_method_id: id(8),
    payment_data: { interac_email: 'priya@example.com' },
    third_party_declaration_accepted: true,
  };

  it('accepts payment_data as {attribute: value}, {} or null', () => {
    expect(confirmQuoteBodySchema.parse(body)).toEqual(body);
    for (const payment_data of [{}, null, undefined]) {
      expect(confirmQuoteBodySchema.safeParse({ ...body, payment_data }).success).toBe(true);
      expect(paymentRetryBodySchema.safeParse({ payment_data }).success).toBe(true);
    }
  });

  it('answers 422 keys: purpose_id, payment_method_id, third_party_declaration_accepted, payment_data', () => {
    const result = confirmQuoteBodySchema.safeParse({
      purpose_id: 'nope',
      payment_method_id: 7,
      third_party_declaration_accepted: false,
      payment_data: { 'bad\u0000key': 'x', note: 'a\u202Eb' },
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths).toEqual(
      expect.arrayContaining([
        'purpose_id',
        'payment_method_id',
        'third_party_declaration_accepted',
        'payment_data.note',
      ]),
    );
    expect(paths.some((path) => path.startsWith('payment_data.'))).toBe(true);
  });

  it('bounds payment_data', () => {
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`field_${n}`, 'x']));
    expect(confirmQuoteBodySchema.safeParse({ ...body, payment_data: many }).success).toBe(false);
    expect(
      confirmQuoteBodySchema.safeParse({ ...body, payment_data: { note: 'x'.repeat(256) } })
        .success,
    ).toBe(false);
  });
});

describe('transactionListQuerySchema', () => {
  it('reads page, state, recipient_id, a date range and limit', () => {
    expect(
      transactionListQuerySchema.parse({
        page: '2',
        state: 'PAYOUT-SUCCESS',
        recipient_id: id(4),
        start_date: '2026-11-01',
        end_date: '2026-11-30',
        limit: '3',
      }),
    ).toEqual({
      page: 2,
      state: 'PAYOUT-SUCCESS',
      recipient_id: id(4),
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      limit: 3,
    });
    expect(transactionListQuerySchema.parse({})).toEqual({ page: 1 });
  });

  it('refuses an unknown state, a reversed range, a bad date or limit', () => {
    for (const query of [
      { state: 'INITIATED' },
      { start_date: '2026-11-30', end_date: '2026-11-01' },
      { start_date: '2026-02-30' },
      { limit: '0' },
      { limit: '51' },
      { recipient_id: 'nope' },
    ]) {
      expect(transactionListQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(
        false,
      );
    }
  });
});

describe('the realtime payloads (docs/product/realtime.md#events)', () => {
  it('TransactionStateUpdated names the transaction and its new state', () => {
    const event = { transaction_id: id(11), state: 'PAYMENT-CLEARED' };
    expect(transactionStateUpdatedSchema.parse(event)).toEqual(event);
  });

  it('PaymentTransactionStateUpdated carries id, state, shared_reference, payment_url and optionally awaiting_confirmation', () => {
    const event = {
      id: payment.id,
      state: payment.state,
      shared_reference: 'TP7402166',
      payment_url: null,
    };
    expect(paymentTransactionStateUpdatedSchema.parse(event)).toEqual(event);
    expect(
      paymentTransactionStateUpdatedSchema.parse({ ...event, awaiting_confirmation: true })
        .awaiting_confirmation,
    ).toBe(true);
  });
});

describe('the error types', () => {
  it('has the two 409s of cancelling a payment', () => {
    expect(conflictTypes).toContain('payment_not_open');
    expect(conflictTypes).toContain('payment_not_cancellable');
    // The original's fixture error-409-cancel-payment-not-open.
    expect(
      typedErrorSchema.parse({ type: 'payment_not_open', message: 'This payment is not open.' })
        .type,
    ).toBe('payment_not_open');
  });

  it('lists the 412 refusals in the order docs/product/sending-money.md#refusals checks them', () => {
    const page = readFileSync(
      new URL('../../../docs/product/sending-money.md', import.meta.url),
      'utf8',
    );
    const table = page.slice(page.indexOf('### Refusals'), page.indexOf('## Transactions'));
    const documented = [...table.matchAll(/^\| \d+ +\| `([a-z_]+)`/gm)].map((match) => match[1]);
    expect(documented).toHaveLength(10);
    // more_authentication_required comes before all of them, from any endpoint.
    expect(preconditionTypes).toEqual(['more_authentication_required', ...documented]);
  });
});
