import {
  paymentSchema,
  transactionListSchema,
  transactionSchema,
  TRANSACTIONS_PER_PAGE,
  type ColorScheme,
  type Payment,
  type PaymentStateCode,
  type Transaction,
  type TransactionHold,
  type TransactionList,
  type TransactionState,
  type TransactionStateCode,
} from '@corridor/contracts';
import { unitedKingdom } from './fixtures';
import { gbp } from './quote-fixtures';
import { bankMethod, fixtureId, naira, nigeria, recipientFixture } from './recipient-fixtures';

// Transactions and payments as GET /client/v1/transaction/{id} answers them (issue 29), parsed
// by their contracts so a fixture that drifts from the wire format fails at once. Ids: kind 7
// for transactions, 8 for payments, 9 for states.

const at = '2026-11-22T10:00:00.000Z';

/** Labels, progress and colours as docs/product/sending-money.md#transaction-states gives them. */
const stateTable: Record<TransactionStateCode, [string, number, ColorScheme]> = {
  CREATED: ['Created', 10, 'gray'],
  'PENDING-PAYMENT': ['Pending payment', 20, 'yellow'],
  'PAYMENT-CLEARED': ['Payment cleared', 40, 'blue'],
  'DOCUMENT-REQUIRED': ['Document required', 40, 'orange'],
  'DOCUMENT-PROVIDED': ['Document provided', 45, 'blue'],
  'UNDER-REVIEW': ['Under review', 45, 'yellow'],
  'ON-HOLD': ['On hold', 45, 'orange'],
  'CONVERTING-FOREX': ['Converting', 60, 'blue'],
  'AVAILABLE-FOR-PAYOUT': ['Available for payout', 70, 'blue'],
  'SENDING-FOR-PAYOUT': ['Sending for payout', 80, 'blue'],
  'SENT-FOR-PAYOUT': ['Sent for payout', 90, 'blue'],
  'PAYOUT-SUCCESS': ['Payout Success', 100, 'green'],
  'PAYOUT-FAILED': ['Payout failed', 90, 'red'],
  'PAYOUT-REVERSED': ['Payout reversed', 100, 'red'],
  CANCELLED: ['Cancelled', 100, 'gray'],
};
const stateCodes = Object.keys(stateTable) as TransactionStateCode[];

export function transactionStateFixture(code: TransactionStateCode): TransactionState {
  const [label, progress, color_scheme] = stateTable[code];
  return {
    id: fixtureId(9, stateCodes.indexOf(code) + 1),
    code,
    label,
    description: `${label}: what happens now.`,
    progress,
    color_scheme,
  };
}

const paymentColors: Record<PaymentStateCode, ColorScheme> = {
  CREATED: 'gray',
  INITIALIZED: 'gray',
  PENDING: 'yellow',
  REDIRECTED: 'blue',
  AUTHORIZED: 'green',
  CAPTURED: 'green',
  FAILED: 'red',
  'TIMED-OUT': 'red',
  'PART-REFUNDED': 'orange',
  REFUNDED: 'orange',
  CANCELLED: 'gray',
};

export interface PaymentFixtureOptions {
  id?: string;
  state?: PaymentStateCode;
  sharedReference?: string;
  customerConfirmed?: boolean;
  expiresAt?: string | null;
  providerCode?: string;
}

/** The bank transfer of 101.99 GBP with our account details, PENDING by default. */
export function paymentFixture(options: PaymentFixtureOptions = {}): Payment {
  const {
    id = fixtureId(8, 1),
    state = 'PENDING',
    sharedReference = 'TP7402166',
    customerConfirmed = false,
    expiresAt = '2026-11-27T10:00:00.000Z',
    providerCode = 'MANUAL-PAYMENT',
  } = options;
  return paymentSchema.parse({
    id,
    state: { id: fixtureId(9, 40), code: state, label: state, color_scheme: paymentColors[state] },
    payment_method: {
      id: fixtureId(9, 50),
      code: 'BANK-TRANSFER',
      title: 'Bank transfer',
      description: null,
    },
    payment_provider: {
      id: fixtureId(9, 51),
      code: providerCode,
      title: 'Bank transfer',
      description: null,
      payment_data_requirements: [],
    },
    total_payment_amount: '101.99',
    total_payment_amount_formatted: '101.99',
    total_payment_amount_currency_prefixed: 'GBP 101.99',
    shared_reference: sharedReference,
    payment_url: null,
    client_payment_account: {
      id: fixtureId(9, 52),
      institution_name: 'Corridor Sandbox Bank',
      instruction_text: 'Pay from a UK bank account in your own name.',
      payment_reference: sharedReference,
      wait_time_message: 'Bank transfers usually arrive within two hours.',
      attributes: [
        { key: 'Account name', value: 'Corridor Payments Ltd' },
        { key: 'Sort code', value: '04-00-04' },
        { key: 'Account number', value: '12345678' },
      ],
    },
    payment_account: null,
    customer_confirmed_payment: customerConfirmed,
    expires_at: expiresAt,
    payment_terms: 'Pay the exact amount.\nUse the reference, or the payment cannot be matched.',
    awaiting_confirmation: false,
    created_at: at,
    updated_at: at,
  });
}

export interface TransactionFixtureOptions {
  id?: string;
  number?: string;
  state?: TransactionStateCode;
  /** The states passed through, oldest first, before `state`; the rest of the way to PAYOUT-SUCCESS is to come. */
  history?: TransactionStateCode[];
  hold?: TransactionHold | null;
  payment?: Payment;
  createdAt?: string;
  recipientName?: string;
  collectionPin?: string | null;
}

const happyPath: TransactionStateCode[] = [
  'CREATED',
  'PENDING-PAYMENT',
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
  'SENDING-FOR-PAYOUT',
  'SENT-FOR-PAYOUT',
  'PAYOUT-SUCCESS',
];

/** 100.00 GBP to Chidi Okafor in Nigeria by bank, 180,000.00 NGN; PENDING-PAYMENT by default. */
export function transactionFixture(options: TransactionFixtureOptions = {}): Transaction {
  const {
    id = fixtureId(7, 1),
    number = 'TP7402166',
    state = 'PENDING-PAYMENT',
    hold = null,
    payment = paymentFixture({ sharedReference: number }),
    createdAt = at,
    recipientName = 'Chidi',
    collectionPin = null,
  } = options;
  const onPath = happyPath.indexOf(state);
  const history = options.history ?? (onPath >= 0 ? happyPath.slice(0, onPath) : ['CREATED']);
  const toCome = onPath >= 0 ? happyPath.slice(onPath + 1) : [];
  const timeline = [
    ...[...history, state].map((code, index) => ({
      state: transactionStateFixture(code),
      created_at: new Date(Date.parse(createdAt) + index * 60_000).toISOString(),
    })),
    ...toCome.map((code) => ({ state: transactionStateFixture(code), created_at: null })),
  ];
  return transactionSchema.parse({
    id,
    transaction_number: number,
    created_at: createdAt,
    updated_at: createdAt,
    state: transactionStateFixture(state),
    hold,
    payment_country: unitedKingdom,
    payment_currency: gbp,
    payout_country: nigeria,
    payout_currency: naira,
    payout_method: bankMethod,
    payout_company: { id: fixtureId(9, 60), code: 'SANDBOX', title: 'Sandbox Payouts' },
    purpose: { id: fixtureId(9, 61), code: 'FAMILY', title: 'Family support', description: null },
    local_amount: '100.00',
    local_amount_formatted: '100.00',
    local_amount_currency_prefixed: 'GBP 100.00',
    payout_amount: '180000.00',
    payout_amount_formatted: '180,000.00',
    payout_amount_currency_prefixed: 'NGN 180,000.00',
    base_fees: '1.99',
    base_fees_formatted: '1.99',
    base_fees_currency_prefixed: 'GBP 1.99',
    exchange_rate: '1800',
    exchange_rate_formatted: '1 GBP = 1,800.00 NGN',
    exchange_rate_is_inverse: false,
    coupon_discount_amount: null,
    coupon_discount_amount_formatted: null,
    coupon_discount_amount_currency_prefixed: null,
    exchange_rate_before_coupon: null,
    exchange_rate_before_coupon_formatted: null,
    mid_market_rate: '1820.5',
    markup_percent: '1.13',
    total_cost: '3.12',
    total_cost_formatted: '3.12',
    total_cost_currency_prefixed: 'GBP 3.12',
    total_cost_percent: '3.12',
    total_to_pay: '101.99',
    total_to_pay_formatted: '101.99',
    total_to_pay_currency_prefixed: 'GBP 101.99',
    recipient: recipientFixture({ name: recipientName }),
    payment,
    payout:
      collectionPin === null
        ? null
        : {
            id: fixtureId(9, 70),
            shared_reference: number,
            collection_pin: collectionPin,
            collection_pin_available: true,
            state: { id: fixtureId(9, 71), code: 'accepted', color_scheme: 'blue' },
          },
    documents: [],
    pending_documents: [],
    available_by: '2026-11-23T10:00:00.000Z',
    cancellable_until: null,
    refunds: [],
    timeline,
  });
}

/** A page of the list as GET /client/v1/transactions answers it. */
export function transactionListFixture(
  transactions: Transaction[],
  { page = 1, total = transactions.length }: { page?: number; total?: number } = {},
): TransactionList {
  const totalPages = Math.ceil(total / TRANSACTIONS_PER_PAGE);
  return transactionListSchema.parse({
    data: transactions,
    pagination: {
      total,
      count: transactions.length,
      per_page: TRANSACTIONS_PER_PAGE,
      current_page: page,
      total_pages: totalPages,
      links: {
        self: `/client/v1/transactions?page=${page}`,
        next: page < totalPages ? `/client/v1/transactions?page=${page + 1}` : null,
        prev: page > 1 ? `/client/v1/transactions?page=${page - 1}` : null,
      },
    },
  });
}
