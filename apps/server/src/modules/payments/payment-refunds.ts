import type {
  Locale,
  PaymentStateCode,
  RefundReason,
  TransactionRefund,
} from '@corridor/contracts';
import { asc, desc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { Money } from '../../lib/money.ts';
import { stableId } from '../../lib/stable-id.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Outbox, OutboxHandler } from '../../outbox/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentRefunds } from './payment-refunds.schema.ts';
import type { TransitionPayment } from './payment-transitions.ts';
import type { PaymentRow } from './payments.repository.ts';
import { payments } from './payments.schema.ts';

/**
 * Refunds as records (docs/product/sending-money.md#refunds): each refund of a payment is a row
 * whose id derives from its cause (the payment and the reason: one refund per reason), written
 * in the use case that moves its money (the transfers module writes the ledger entries beside
 * it), with the payment moved on (REFUNDED when everything captured is given back,
 * PART-REFUNDED before) and the provider told after the commit through the outbox.
 */

export type RefundRow = typeof paymentRefunds.$inferSelect;

/** The outbox kind that tells a payment's provider of a refund. */
export const PROVIDER_REFUND = 'payments.provider-refund';

export interface RefundRequest {
  /** The payment, locked by the caller (after its transfer: transfers first, always). */
  payment: PaymentRow;
  reason: RefundReason;
  amountMinor: bigint;
  /** The payment's customer (its event's reader) and language, when the caller has it. */
  customerId: string;
  locale?: Locale;
}

/** Why a refund cannot be recorded: a bug in the caller (more than was paid, a wrong state). */
export class RefundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefundRefusedError';
  }
}

/** The payment states whose money was captured and may be refunded (what is left of it). */
const REFUNDABLE: readonly PaymentStateCode[] = ['CAPTURED', 'PART-REFUNDED'];
/** Closed before a capture arrived: the late capture is given back, the state left as it is. */
const CLOSED: readonly PaymentStateCode[] = ['FAILED', 'TIMED-OUT', 'CANCELLED'];

/**
 * A port for another module's query (docs/decisions/0030-modules-own-their-tables.md): whether
 * the transfer in `transactionId` (its column) has a refund for `reason`.
 */
export const hasRefundSql = (transactionId: AnyColumn, reason: RefundReason): SQL =>
  sql`exists (select 1 from ${paymentRefunds} where ${paymentRefunds.transaction_id} = ${transactionId} and ${paymentRefunds.reason} = ${reason})`;

export const refundIdOf = (paymentId: string, reason: RefundReason): string =>
  stableId('payment-refund', paymentId, reason);

export function createPaymentRefunds(deps: {
  clock: Clock;
  outbox: Pick<Outbox, 'add'>;
  transitionPayment: TransitionPayment;
  providerOf(methodCode: string): PaymentProvider;
}) {
  async function refundedSoFar(ex: Executor, paymentId: string): Promise<bigint> {
    const [row] = await ex
      .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amount_minor}), 0)` })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.payment_id, paymentId));
    return BigInt(row?.total ?? '0');
  }

  /**
   * Records the refund in the caller's transaction: once per payment and reason (asked again,
   * the refund recorded first is answered and nothing changes). A captured payment becomes
   * PART-REFUNDED or REFUNDED; a late capture's closed payment keeps its state.
   */
  async function record(tx: Executor, request: RefundRequest): Promise<RefundRow> {
    const { payment, reason, amountMinor } = request;
    const id = refundIdOf(payment.id, reason);
    const [existing] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
    if (existing) return existing;
    const state = payment.state as PaymentStateCode;
    const closed = CLOSED.includes(state);
    if (!closed && !REFUNDABLE.includes(state)) {
      throw new RefundRefusedError(`payment ${payment.id} is ${state}: nothing to refund`);
    }
    const before = closed ? 0n : await refundedSoFar(tx, payment.id);
    if (amountMinor <= 0n || before + amountMinor > payment.amount_minor) {
      throw new RefundRefusedError(
        `payment ${payment.id}: refunding ${amountMinor} after ${before} passes ${payment.amount_minor}`,
      );
    }
    const provider = deps.providerOf(payment.method_code);
    const now = deps.clock.now();
    const [row] = await tx
      .insert(paymentRefunds)
      .values({
        id,
        transaction_id: payment.transaction_id,
        payment_id: payment.id,
        reason,
        currency: payment.currency,
        amount_minor: amountMinor,
        destination: provider.refundDestination,
        created_at: now,
      })
      .returning();
    if (!row) throw new Error(`refund ${id} was not recorded`);
    if (!closed) {
      const full = before + amountMinor === payment.amount_minor;
      if (full || state === 'CAPTURED') {
        await deps.transitionPayment(tx, {
          paymentId: payment.id,
          to: full ? 'REFUNDED' : 'PART-REFUNDED',
          cause: full ? 'refunded' : 'part-refunded',
          customerId: request.customerId,
          locked: payment,
          ...(request.locale ? { locale: request.locale } : {}),
        });
      }
    }
    await deps.outbox.add(tx, {
      aggregateType: 'payment',
      aggregateId: payment.id,
      kind: PROVIDER_REFUND,
      payload: { refund_id: row.id },
    });
    return row;
  }

  return {
    record,
    refundedSoFar,

    /** The refunds of these transfers, oldest first, by transfer id (one read for a page). */
    async ofTransactions(
      ex: Executor,
      transactionIds: readonly string[],
    ): Promise<Map<string, RefundRow[]>> {
      const found = new Map<string, RefundRow[]>();
      if (transactionIds.length === 0) return found;
      const rows = await ex
        .select()
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.transaction_id, [...transactionIds]))
        .orderBy(asc(paymentRefunds.created_at), asc(paymentRefunds.id));
      for (const row of rows) {
        const list = found.get(row.transaction_id) ?? [];
        list.push(row);
        found.set(row.transaction_id, list);
      }
      return found;
    },

    /** The refunds of one payment, oldest first. */
    async ofPayment(ex: Executor, paymentId: string): Promise<RefundRow[]> {
      return ex
        .select()
        .from(paymentRefunds)
        .where(eq(paymentRefunds.payment_id, paymentId))
        .orderBy(asc(paymentRefunds.created_at), asc(paymentRefunds.id));
    },

    /** The newest refunds, for operators: at most `limit`. */
    async latest(ex: Executor, limit: number): Promise<RefundRow[]> {
      return ex.select().from(paymentRefunds).orderBy(desc(paymentRefunds.created_at)).limit(limit);
    },
  };
}

export type PaymentRefunds = ReturnType<typeof createPaymentRefunds>;

/** A refund as the transaction's `refunds[]` sends it. */
export function refundResource(row: RefundRow): TransactionRefund {
  return {
    id: row.id,
    reason: row.reason as RefundReason,
    ...Money.fromMinor(row.amount_minor, row.currency).toWire('amount'),
    destination: row.destination as TransactionRefund['destination'],
    refunded_at: row.created_at.toISOString(),
  };
}

/**
 * Delivers PROVIDER_REFUND messages: the payment's provider told of the refund, at least once
 * (each provider records a refund id once).
 */
export function providerRefundHandler(deps: {
  db: Database;
  providerOf(methodCode: string): PaymentProvider;
}): OutboxHandler {
  return async ({ payload }) => {
    const refundId = String(payload.refund_id);
    const [found] = await deps.db
      .select({ refund: paymentRefunds, payment: payments })
      .from(paymentRefunds)
      .innerJoin(payments, eq(payments.id, paymentRefunds.payment_id))
      .where(eq(paymentRefunds.id, refundId));
    if (!found) throw new Error(`refund ${refundId} does not exist`);
    const { refund, payment } = found;
    await deps.providerOf(payment.method_code).refund(deps.db, {
      refundId: refund.id,
      paymentId: payment.id,
      reference: payment.reference,
      currency: refund.currency,
      amountMinor: refund.amount_minor,
      at: refund.created_at,
    });
  };
}
