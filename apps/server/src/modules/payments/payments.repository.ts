import type { PaymentStateCode } from '@corridor/contracts';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { OPEN_PAYMENT_STATES } from './payment-states.ts';
import { payments, providerEvents } from './payments.schema.ts';

/**
 * A transfer's payments (docs/product/sending-money.md#payments): numbered 1..3 within it, the
 * highest the current one. Whose a payment is, is its transfer's: the transfers module checks.
 */

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<
  PaymentRow,
  'created_at' | 'updated_at' | 'customer_confirmed_payment' | 'card_brand' | 'card_last4'
> & {
  created_at: Date;
};

/** The transfer a payment belongs to, or undefined (channel authorisation, IDOR checks). */
export async function paymentTransactionOf(
  ex: Executor,
  paymentId: string,
): Promise<string | undefined> {
  const [row] = await ex
    .select({ transaction_id: payments.transaction_id })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.transaction_id;
}

/**
 * `paymentTransactionOf` as a SQL value (a one-row subquery, null for no such payment), for a
 * statement of another module that reads by it: "I've paid" locks the payment's transfer in one
 * statement (transfers.repository.ts `lockWithHistoryBy`).
 */
export const paymentTransactionSql = (paymentId: string): SQL<string | null> =>
  sql`(select ${payments.transaction_id} from ${payments} where ${eq(payments.id, paymentId)})`;

export function createPaymentsRepository() {
  return {
    async insert(ex: Executor, payment: NewPayment): Promise<PaymentRow> {
      const [row] = await ex
        .insert(payments)
        .values({ ...payment, updated_at: payment.created_at })
        .returning();
      if (!row) throw new Error('the payment was not inserted');
      return row;
    },

    /** The current (latest) payment of each of these transfers, by transfer id. */
    async currentOf(
      ex: Executor,
      transactionIds: readonly string[],
    ): Promise<Map<string, PaymentRow>> {
      const current = new Map<string, PaymentRow>();
      if (transactionIds.length === 0) return current;
      const rows = await ex
        .select()
        .from(payments)
        .where(inArray(payments.transaction_id, [...transactionIds]))
        .orderBy(asc(payments.number));
      for (const row of rows) current.set(row.transaction_id, row);
      return current;
    },

    /** Every payment of a transfer, the first first. */
    async allOf(ex: Executor, transactionId: string): Promise<PaymentRow[]> {
      return ex
        .select()
        .from(payments)
        .where(eq(payments.transaction_id, transactionId))
        .orderBy(asc(payments.number));
    },

    /** A payment by id; whose it is, the transfers module checks (its transfer's customer). */
    async find(ex: Executor, paymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await ex.select().from(payments).where(eq(payments.id, paymentId));
      return row;
    },

    /**
     * Locks the payment's row for the rest of `tx` (SELECT … FOR UPDATE). A use case that changes
     * both locks the transfer first, then the payment, always in that order.
     */
    async lock(ex: Executor, paymentId: string): Promise<PaymentRow | undefined> {
      const [row] = await ex
        .select()
        .from(payments)
        .where(eq(payments.id, paymentId))
        .for('update');
      return row;
    },

    /** The latest payment of a transfer, locked (see `lock`). */
    async lockCurrent(ex: Executor, transactionId: string): Promise<PaymentRow | undefined> {
      const [row] = await ex
        .select()
        .from(payments)
        .where(eq(payments.transaction_id, transactionId))
        .orderBy(desc(payments.number))
        .limit(1)
        .for('update');
      return row;
    },

    /**
     * Open payments (CREATED to REDIRECTED) whose deadline has passed, oldest deadline first:
     * what the deadline job times out.
     */
    async overdue(
      ex: Executor,
      now: Date,
      limit: number,
    ): Promise<{ id: string; transaction_id: string }[]> {
      return ex
        .select({ id: payments.id, transaction_id: payments.transaction_id })
        .from(payments)
        .where(and(inArray(payments.state, OPEN_PAYMENT_STATES), lte(payments.deadline, now)))
        .orderBy(asc(payments.deadline))
        .limit(limit);
    },

    /**
     * Records a provider's event as accepted, in the transaction that applies it; false when it
     * was accepted before (UNIQUE provider + event id: a replay changes nothing). A concurrent
     * delivery of the same event waits here for the first one's commit, then finds it.
     */
    async acceptEvent(
      ex: Executor,
      event: {
        provider_code: string;
        event_id: string;
        event_type: string;
        payment_id: string;
        received_at: Date;
      },
    ): Promise<boolean> {
      const rows = await ex
        .insert(providerEvents)
        .values(event)
        .onConflictDoNothing({ target: [providerEvents.provider_code, providerEvents.event_id] })
        .returning({ event_id: providerEvents.event_id });
      return rows.length === 1;
    },

    /** What the product keeps of a card: its brand and last four, from the provider. */
    async setCard(
      ex: Executor,
      paymentId: string,
      card: { brand: string; last4: string },
    ): Promise<void> {
      await ex
        .update(payments)
        .set({ card_brand: card.brand, card_last4: card.last4 })
        .where(eq(payments.id, paymentId));
    },

    async setState(
      ex: Executor,
      paymentId: string,
      state: PaymentStateCode,
      at: Date,
      changes: { customer_confirmed_payment?: boolean } = {},
    ): Promise<PaymentRow> {
      const [row] = await ex
        .update(payments)
        .set({ ...changes, state, updated_at: at })
        .where(eq(payments.id, paymentId))
        .returning();
      if (!row) throw new Error(`payment ${paymentId} vanished under its lock`);
      return row;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
