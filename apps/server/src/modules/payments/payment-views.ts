import { paymentStateCodes, type PaymentStateCode } from '@corridor/contracts';
import { and, asc, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { Money } from '../../lib/money.ts';
import { paymentRefunds } from './payment-refunds.schema.ts';
import { payments, providerEvents } from './payments.schema.ts';
import { sandboxRefundsOf } from './sandbox-refunds.ts';

/**
 * What an operator sees of payments through the ops CLI (`payments:list`, `payments:show`,
 * docs/product/sending-money.md#what-an-operator-does-to-a-payment): plain facts in English,
 * amounts as "GBP 102.00"; of a card, brand and last four only.
 */

/** One line of `payments:list`. */
export interface OperatorPaymentSummary {
  id: string;
  transaction_id: string;
  reference: string;
  state: PaymentStateCode;
  method: string;
  amount: string;
  /** What was given back so far ("GBP 0.00" when nothing). */
  refunded: string;
  card: string | null;
  created_at: string;
  updated_at: string;
}

/** `payments:show`: the summary, its refunds, the provider's events and what it was told. */
export interface OperatorPaymentDetail extends OperatorPaymentSummary {
  provider: string;
  deadline: string | null;
  customer_confirmed_payment: boolean;
  refunds: { id: string; reason: string; amount: string; destination: string; at: string }[];
  provider_events: { id: string; type: string; at: string }[];
  /** What the (sandbox) provider recorded of the refunds it was told of. */
  provider_refunds: { refund_id: string; instruction: string; amount: string; at: string }[];
}

/** What `payments:list` may filter on: a state, a transfer (id or TP number). */
export interface OperatorPaymentFilter {
  state?: PaymentStateCode;
  transfer?: string;
}

export const isPaymentState = (value: string): value is PaymentStateCode =>
  (paymentStateCodes as readonly string[]).includes(value);

const PAYMENT_LIST_LIMIT = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const amount = (minor: bigint, currency: string) => Money.fromMinor(minor, currency).toString();

type Row = typeof payments.$inferSelect;

async function refundedOf(ex: Executor, rows: readonly Row[]): Promise<Map<string, bigint>> {
  const sums = new Map<string, bigint>();
  if (rows.length === 0) return sums;
  const refunds = await ex
    .select({ payment_id: paymentRefunds.payment_id, amount_minor: paymentRefunds.amount_minor })
    .from(paymentRefunds)
    .where(
      inArray(
        paymentRefunds.payment_id,
        rows.map((row) => row.id),
      ),
    );
  for (const refund of refunds) {
    sums.set(refund.payment_id, (sums.get(refund.payment_id) ?? 0n) + refund.amount_minor);
  }
  return sums;
}

const summaryOf = (row: Row, refunded: bigint): OperatorPaymentSummary => ({
  id: row.id,
  transaction_id: row.transaction_id,
  reference: row.reference,
  state: row.state as PaymentStateCode,
  method: row.method_code,
  amount: amount(row.amount_minor, row.currency),
  refunded: amount(refunded, row.currency),
  card: row.card_brand === null ? null : `${row.card_brand} ····${row.card_last4 ?? ''}`,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** A transfer named by id, or by its number: its payments' references start with it. */
function transferIs(transfer: string): SQL {
  if (UUID.test(transfer)) return eq(payments.transaction_id, transfer.toLowerCase());
  const number = transfer.toUpperCase();
  return or(eq(payments.reference, number), like(payments.reference, `${number}-%`)) as SQL;
}

export const paymentViews = {
  /** `payments:list`: newest first, at most 200. */
  async list(ex: Executor, filter: OperatorPaymentFilter): Promise<OperatorPaymentSummary[]> {
    const conditions: SQL[] = [];
    if (filter.state) conditions.push(eq(payments.state, filter.state));
    if (filter.transfer) conditions.push(transferIs(filter.transfer));
    const rows = await ex
      .select()
      .from(payments)
      .where(and(...conditions))
      .orderBy(desc(payments.created_at), desc(payments.id))
      .limit(PAYMENT_LIST_LIMIT);
    const refunded = await refundedOf(ex, rows);
    return rows.map((row) => summaryOf(row, refunded.get(row.id) ?? 0n));
  },

  /** `payments:show`: a payment by id or reference, or undefined. */
  async show(
    ex: Executor,
    idOrReference: string,
    providerName: (methodCode: string) => string,
  ): Promise<OperatorPaymentDetail | undefined> {
    const [row] = await ex
      .select()
      .from(payments)
      .where(
        UUID.test(idOrReference)
          ? eq(payments.id, idOrReference.toLowerCase())
          : eq(payments.reference, idOrReference.toUpperCase()),
      );
    if (!row) return undefined;
    const refunds = await ex
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.payment_id, row.id))
      .orderBy(asc(paymentRefunds.created_at));
    const events = await ex
      .select()
      .from(providerEvents)
      .where(eq(providerEvents.payment_id, row.id))
      .orderBy(asc(providerEvents.received_at));
    const told = await sandboxRefundsOf(ex, row.id);
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount_minor, 0n);
    return {
      ...summaryOf(row, refunded),
      provider: `${providerName(row.method_code)} (${row.provider_code})`,
      deadline: row.deadline?.toISOString() ?? null,
      customer_confirmed_payment: row.customer_confirmed_payment,
      refunds: refunds.map((refund) => ({
        id: refund.id,
        reason: refund.reason,
        amount: amount(refund.amount_minor, refund.currency),
        destination: refund.destination,
        at: refund.created_at.toISOString(),
      })),
      provider_events: events.map((event) => ({
        id: event.event_id,
        type: event.event_type,
        at: event.received_at.toISOString(),
      })),
      provider_refunds: told.map((refund) => ({
        refund_id: refund.refund_id,
        instruction: refund.instruction,
        amount: amount(refund.amount_minor, refund.currency),
        at: refund.created_at.toISOString(),
      })),
    };
  },
};
