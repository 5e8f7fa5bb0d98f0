import type { PaymentStateCode } from '@corridor/contracts';
import { and, asc, desc, eq, inArray, lte, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { OPEN_PAYMENT_STATES } from './payment-states.ts';
import { payments, providerEvents } from './payments.schema.ts';
import { jsonRows } from '../../db/json-lists.ts';

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
 * statement (transfers.repository.ts `lockWithHistoryBy`), prepared: the id is then a placeholder.
 */
export const paymentTransactionSql = (paymentId: string | Placeholder): SQL<string | null> =>
  sql`(select ${payments.transaction_id} from ${payments} where ${eq(payments.id, paymentId)})`;

/**
 * The statements "open a payment", "lock it" and "change its state" send inside their use
 * cases' transactions on every transfer: prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
const insertOne = preparedStatement('payment_insert', (ex, name) =>
  ex
    .insert(payments)
    .values({
      id: sql.placeholder('id'),
      transaction_id: sql.placeholder('transaction_id'),
      number: sql.placeholder('number'),
      state: sql.placeholder('state'),
      method_code: sql.placeholder('method_code'),
      provider_code: sql.placeholder('provider_code'),
      reference: sql.placeholder('reference'),
      deadline: sql.placeholder('deadline'),
      currency: sql.placeholder('currency'),
      amount_minor: sql.placeholder('amount_minor'),
      created_at: sql.placeholder('created_at'),
      updated_at: sql.placeholder('created_at'),
    })
    .returning()
    .prepare(name),
);

/**
 * Several new payments (grouped confirm) as one JSON text, so the statement's text is one
 * whatever the group (decision 52): not confirmed, no card yet, updated when created.
 */
const insertManyStatement = preparedStatement('payment_insert_many', (ex, name) =>
  ex
    .insert(payments)
    .select(
      sql`select "p"."id", "p"."transaction_id", "p"."number", "p"."state", "p"."method_code",
        "p"."provider_code", "p"."reference", "p"."deadline", false, "p"."currency",
        "p"."amount_minor", null, null, "p"."created_at", "p"."created_at"
      from jsonb_to_recordset(${sql.placeholder('payments')}::jsonb) as "p"
        ("at" int, "id" uuid, "transaction_id" uuid, "number" smallint, "state" text,
         "method_code" text, "provider_code" text, "reference" text, "deadline" timestamptz,
         "currency" char(3), "amount_minor" bigint, "created_at" timestamptz)
      order by "p"."at"`,
    )
    .returning()
    .prepare(name),
);

const lockOne = preparedStatement('payment_lock', (ex, name) =>
  ex
    .select()
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .for('update')
    .prepare(name),
);

const lockLatest = preparedStatement('payment_lock_current', (ex, name) =>
  ex
    .select()
    .from(payments)
    .where(eq(payments.transaction_id, sql.placeholder('transaction')))
    .orderBy(desc(payments.number))
    .limit(1)
    .for('update')
    .prepare(name),
);

/** drizzle types no placeholder in `set`, and maps no value given in `sql`: an ISO time. */
const atPlaceholder = sql`${sql.placeholder('at')}::timestamptz`;

const setStateOf = preparedStatement('payment_set_state', (ex, name) =>
  ex
    .update(payments)
    .set({ state: sql`${sql.placeholder('state')}`, updated_at: atPlaceholder })
    .where(eq(payments.id, sql.placeholder('id')))
    .returning()
    .prepare(name),
);

const setStateConfirmed = preparedStatement('payment_set_state_confirmed', (ex, name) =>
  ex
    .update(payments)
    .set({
      state: sql`${sql.placeholder('state')}`,
      updated_at: atPlaceholder,
      customer_confirmed_payment: sql`${sql.placeholder('confirmed')}`,
    })
    .where(eq(payments.id, sql.placeholder('id')))
    .returning()
    .prepare(name),
);

export function createPaymentsRepository() {
  return {
    async insert(ex: Executor, payment: NewPayment): Promise<PaymentRow> {
      const [row] = await insertOne.run(ex, payment);
      if (!row) throw new Error('the payment was not inserted');
      return row;
    },

    /** Several new payments in ONE insert (grouped confirm), answered in the order given. */
    async insertMany(ex: Executor, rows: readonly NewPayment[]): Promise<PaymentRow[]> {
      if (rows.length === 0) return [];
      const inserted = await insertManyStatement.run(ex, {
        payments: jsonRows(rows, (payment) => ({
          id: payment.id,
          transaction_id: payment.transaction_id,
          number: payment.number,
          state: payment.state,
          method_code: payment.method_code,
          provider_code: payment.provider_code,
          reference: payment.reference,
          deadline: payment.deadline?.toISOString() ?? null,
          currency: payment.currency,
          amount_minor: payment.amount_minor.toString(),
          created_at: payment.created_at.toISOString(),
        })),
      });
      const byId = new Map(inserted.map((row) => [row.id, row]));
      return rows.map((payment) => {
        const row = byId.get(payment.id);
        if (!row) throw new Error(`payment ${payment.id} was not inserted`);
        return row;
      });
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
      const [row] = await lockOne.run(ex, { id: paymentId });
      return row;
    },

    /** The latest payment of a transfer, locked (see `lock`). */
    async lockCurrent(ex: Executor, transactionId: string): Promise<PaymentRow | undefined> {
      const [row] = await lockLatest.run(ex, { transaction: transactionId });
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
      const confirmed = changes.customer_confirmed_payment;
      const [row] =
        confirmed === undefined
          ? await setStateOf.run(ex, { id: paymentId, state, at: at.toISOString() })
          : await setStateConfirmed.run(ex, {
              id: paymentId,
              state,
              at: at.toISOString(),
              confirmed,
            });
      if (!row) throw new Error(`payment ${paymentId} vanished under its lock`);
      return row;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
