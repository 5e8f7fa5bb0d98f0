import type {
  Customer,
  Locale,
  Payment,
  Payout,
  Purpose,
  Recipient,
  Transaction,
  TransactionStateCode,
} from '@corridor/contracts';
import { Money } from '../../lib/money.ts';
import { stableId } from '../../lib/stable-id.ts';
import type { PayoutStateCode, TransferPayoutRow } from '../payouts/index.ts';
import { formatExchangeRate, type QuoteTransferParts } from '../quotes/index.ts';
import { cancellableUntilOf } from './cancellation-window.ts';
import { holdResource, stateResource, timelineResource } from './transaction-state-resource.ts';
import { currentOf, isHoldState, type StateRecord } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';

/**
 * A transfer as the wire sends it (docs/product/sending-money.md#transactions, the original's
 * §2.4 keys), in the request's language: the transfer's own snapshot of its quote (amounts,
 * rates), the disclosure figures of the quote it was made of (never re-priced), its current
 * payment, its payout once handed to a partner, and its timeline.
 */
export interface TransactionParts {
  row: TransactionRow;
  history: readonly StateRecord[];
  quote: QuoteTransferParts;
  recipient: Recipient;
  purpose: Purpose;
  payment: Payment;
  payout: TransferPayoutRow | null;
  /** The customer resource's: what they still owe, shown beside a held transfer. */
  customer: Pick<Customer, 'pending_documents'>;
}

const PAYOUT_COLORS = {
  pending: 'gray',
  accepted: 'blue',
  sent: 'blue',
  paid: 'green',
  failed: 'red',
  reversed: 'red',
} as const satisfies Record<PayoutStateCode, Payout['state']['color_scheme']>;

/** `transaction.payout`: the PIN only once the partner gave one (cash pickup). */
export function payoutResource(row: TransferPayoutRow, transactionNumber: string): Payout {
  const state = row.state as PayoutStateCode;
  return {
    id: row.id,
    shared_reference: row.partner_reference ?? transactionNumber,
    collection_pin: row.collection_pin,
    collection_pin_available: row.collection_pin !== null,
    state: { id: stableId('payout-state', state), code: state, color_scheme: PAYOUT_COLORS[state] },
  };
}

export function transactionResource(parts: TransactionParts, locale: Locale): Transaction {
  const { row, quote } = parts;
  const { figures } = quote.stored;
  const current = currentOf(parts.history);
  const state = row.state as TransactionStateCode;
  const send = (minor: bigint) => Money.fromMinor(minor, row.send_currency);
  const rate = formatExchangeRate(row.our_rate, row.send_currency, row.receive_currency);
  const company = quote.companies.find((candidate) => candidate.id === row.payout_company_id);
  if (!company)
    throw new Error(`transaction ${row.id}: payout company ${row.payout_company_id} is retired`);
  return {
    id: row.id,
    transaction_number: row.transaction_number,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    state: stateResource(state, locale),
    hold: isHoldState(state) && current.hold ? holdResource(current.hold, locale) : null,
    payment_country: quote.payment_country,
    payment_currency: quote.payment_currency,
    payout_country: quote.payout_country,
    payout_currency: quote.payout_currency,
    payout_method: quote.payout_method,
    payout_company: company,
    purpose: parts.purpose,
    ...send(row.send_minor).toWire('local_amount'),
    ...Money.fromMinor(row.receive_minor, row.receive_currency).toWire('payout_amount'),
    ...send(row.fee_minor).toWire('base_fees'),
    exchange_rate: row.our_rate,
    exchange_rate_formatted: rate.formatted,
    exchange_rate_is_inverse: rate.is_inverse,
    coupon_discount_amount: null,
    coupon_discount_amount_formatted: null,
    coupon_discount_amount_currency_prefixed: null,
    exchange_rate_before_coupon: null,
    exchange_rate_before_coupon_formatted: null,
    mid_market_rate: row.mid_market_rate,
    markup_percent: figures.markup_percent,
    ...figures.total_cost.toWire('total_cost'),
    total_cost_percent: figures.total_cost_percent,
    ...send(row.total_minor).toWire('total_to_pay'),
    recipient: parts.recipient,
    payment: parts.payment,
    payout: parts.payout ? payoutResource(parts.payout, row.transaction_number) : null,
    documents: [],
    // What the customer still owes, each category linked to this transfer as the original does.
    pending_documents: parts.customer.pending_documents.map((category) => ({
      id: stableId('pending-document', row.id, category.id),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      document_category: category,
    })),
    available_by: row.available_by.toISOString(),
    cancellable_until: cancellableUntilOf(row)?.toISOString() ?? null,
    // Issue 30 (in progress): refunds are not recorded yet.
    refunds: [],
    timeline: timelineResource(parts.history, locale),
  };
}
