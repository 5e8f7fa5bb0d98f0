import {
  savedQuoteSchema,
  toMoneyWire,
  transactionSchema,
  type PaymentDataRequirement,
  type Recipient,
  type SavedQuote,
  type Transaction,
} from '@corridor/contracts';
import { quoteFixture, quoteRecipientFixture, savedQuoteFixture } from './quote-fixtures';
import { transactionFixture } from './transaction-fixtures';

// The transfer wizard's fixtures (features/transfer): a saved quote as GET /client/v1/quote/{id}
// answers it (purposes and payment methods filled), and the transaction confirm answers. Parsed
// by their contracts, so a fixture that drifts from the wire format fails at once.

const uuid = (group: string, n: number) => `${group}-1b2c-4d3e-8f40-${String(n).padStart(12, '0')}`;

export const familySupport = {
  id: uuid('9a7b0000', 1),
  code: 'FAMILY-SUPPORT',
  title: 'Family support',
  description: null,
};
export const education = {
  id: uuid('9a7b0000', 2),
  code: 'EDUCATION',
  title: 'Education',
  description: null,
};

export const bankTransfer = {
  id: uuid('9a7c0000', 1),
  code: 'BANK-TRANSFER',
  title: 'Bank transfer',
  description: 'Pay from your bank with our reference.',
  providers: [
    {
      id: uuid('9a7d0000', 1),
      code: 'MANUAL-PAYMENT',
      title: 'Corridor Sandbox Bank',
      description: null,
    },
  ],
};

/** A way to pay whose provider asks for the payer's email (payment_data_requirements). */
export function methodAskingFor(requirement: Partial<PaymentDataRequirement> = {}) {
  return {
    id: uuid('9a7c0000', 2),
    code: 'PAY-ID',
    title: 'PayID',
    description: null,
    providers: [
      {
        id: uuid('9a7d0000', 2),
        code: 'MONOOVA',
        title: 'Monoova',
        description: null,
        payment_data_requirements: [
          {
            attribute: 'payer_email',
            type: 'email' as const,
            label: 'Your email',
            input_mode: 'email',
            is_required: true,
            info: null,
            value: null,
            ...requirement,
          },
        ],
      },
    ],
  };
}

export interface TransferQuoteOptions {
  id?: string;
  recipient?: Recipient | null;
  recipients?: Recipient[];
  receive?: string;
  total?: string;
  expiresAt?: string;
  isExpired?: boolean;
  paymentMethods?: SavedQuote['payment_methods'];
  pendingDocuments?: SavedQuote['pending_documents'];
}

/** A saved quote of 100.00 GBP to Priya in India, rate locked for 20 minutes from now. */
export function transferQuoteFixture(options: TransferQuoteOptions = {}): SavedQuote {
  const recipient = options.recipient === undefined ? quoteRecipientFixture() : options.recipient;
  const saved = savedQuoteFixture(
    quoteFixture({ receive: options.receive, total: options.total }),
    recipient,
  );
  return savedQuoteSchema.parse({
    ...saved,
    id: options.id ?? saved.id,
    recipients: options.recipients ?? (recipient === null ? [] : [recipient]),
    purposes: [familySupport, education],
    payment_methods: options.paymentMethods ?? [bankTransfer],
    pending_documents: options.pendingDocuments ?? [],
    expires_at: options.expiresAt ?? new Date(Date.now() + 20 * 60_000).toISOString(),
    is_expired: options.isExpired ?? false,
  });
}

export const transactionId = uuid('7a000000', 1);

/**
 * The transaction confirm creates from `quote`, created `createdAt` (now by default): the
 * transaction fixture with the quote's corridor, amounts and recipient, just awaiting payment.
 */
export function confirmedTransactionFixture(
  quote: SavedQuote,
  options: { id?: string; createdAt?: string; localAmount?: string } = {},
): Transaction {
  const from = quote.payment_currency.code;
  const to = quote.payout_currency.code;
  const created = options.createdAt ?? new Date().toISOString();
  const state = {
    id: uuid('57a7e000', 20),
    code: 'PENDING-PAYMENT' as const,
    label: 'Awaiting payment',
    description: 'Pay with the reference shown.',
    progress: 20,
    color_scheme: 'yellow' as const,
  };
  const { recipient } = quote;
  if (recipient === null) throw new Error('A transaction needs the quote’s recipient');
  const base = transactionFixture({ id: options.id ?? transactionId, createdAt: created });
  return transactionSchema.parse({
    ...base,
    state,
    payment_country: quote.payment_country,
    payment_currency: quote.payment_currency,
    payout_country: quote.payout_country,
    payout_currency: quote.payout_currency,
    payout_method: quote.payout_method,
    payout_company: quote.payout_company ?? { id: uuid('b0a70000', 1), code: 'X', title: 'X' },
    purpose: familySupport,
    ...toMoneyWire('local_amount', from, options.localAmount ?? quote.local_amount),
    ...toMoneyWire('payout_amount', to, quote.recipient_gets),
    ...toMoneyWire('base_fees', from, quote.fee),
    exchange_rate: quote.exchange_rate,
    exchange_rate_formatted: quote.exchange_rate_formatted,
    mid_market_rate: quote.mid_market_rate,
    markup_percent: quote.markup_percent,
    ...toMoneyWire('total_cost', from, quote.total_cost),
    total_cost_percent: quote.total_cost_percent,
    ...toMoneyWire('total_to_pay', from, quote.total_to_pay),
    recipient,
    payment: {
      id: uuid('9a700000', 1),
      state: { id: uuid('9a710000', 1), code: 'PENDING', label: 'Pending', color_scheme: 'yellow' },
      payment_method: {
        id: bankTransfer.id,
        code: 'BANK-TRANSFER',
        title: 'Bank transfer',
        description: null,
      },
      payment_provider: { ...bankTransfer.providers[0], payment_data_requirements: [] },
      ...toMoneyWire('total_payment_amount', from, quote.total_to_pay),
      shared_reference: 'TP7402166',
      payment_url: null,
      client_payment_account: null,
      payment_account: null,
      customer_confirmed_payment: false,
      expires_at: null,
      payment_terms: null,
      awaiting_confirmation: false,
      created_at: created,
      updated_at: created,
    },
    available_by: quote.estimated_arrival,
    cancellable_until: null,
    refunds: [],
    timeline: [{ state, created_at: created }],
  });
}

/** GET /client/v1/transactions's answer: these transactions on one page. */
export function transactionPage(transactions: Transaction[]) {
  return {
    data: transactions,
    pagination: {
      total: transactions.length,
      count: transactions.length,
      per_page: 5,
      current_page: 1,
      total_pages: 1,
      links: { self: '/client/v1/transactions?page=1', next: null, prev: null },
    },
  };
}
