import type { Locale, PaymentStateCode } from '@corridor/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedSql, preparedStatement } from '../../db/prepared-statements.ts';
import {
  IllegalPaymentTransitionError,
  paymentStateResource,
  paymentTransition,
  type PaymentTransitionCause,
} from './payment-states.ts';
import { paymentFactsOf } from './payment-resource.ts';
import type { PaymentTransitionDeps } from './payment-transitions.ts';
import type { PaymentRow } from './payments.repository.ts';
import { payments } from './payments.schema.ts';

/** One payment's change in a batch: the payment as the batch locked it, and its customer's language. */
export interface PaymentBatchChange {
  locked: PaymentRow;
  to: PaymentStateCode;
  cause: PaymentTransitionCause;
  /** The customer's language (its event's texts), read by the caller. */
  locale: Locale;
}

// The batch's statements take their lists as one JSON text each, so their texts are one whatever
// the batch and they are prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
const byIds = sql`${payments.id} = any(${jsonList('ids', 'uuid')})`;
const findManyStatement = preparedStatement(
  'payments_find_many',
  (ex, name) => ex.select().from(payments).where(byIds).prepare(name),
  'each call',
);
const lockManyStatement = preparedStatement(
  'payments_lock_many',
  (ex, name) =>
    ex.select().from(payments).where(byIds).orderBy(asc(payments.id)).for('update').prepare(name),
  'each call',
);
/**
 * `confirmed` ("I've paid") also sets `customer_confirmed_payment`; otherwise it keeps its value.
 * The payments are named as an array too, so the update takes them by primary key: joined to the
 * rows alone, planned at the function's default 100 rows, PostgreSQL scanned every payment
 * (docs/decisions/0061-batch-statements-planned-each-call.md).
 */
const writeManyStatement = preparedSql(
  'payments_write_many',
  sql`with "v" as (
      select * from jsonb_to_recordset(${sql.placeholder('changes')}::jsonb) as "c" ("id" uuid, "state" text)
    )
    update "payments" as "p" set "state" = "v"."state",
      "customer_confirmed_payment" = "p"."customer_confirmed_payment" or ${sql.placeholder('confirmed')}::boolean,
      "updated_at" = ${sql.placeholder('now')}::timestamptz
    from "v"
    where "p"."id" = "v"."id" and "p"."id" = any(array(select "id" from "v"))`,
  'each call',
);

/**
 * Payments read, locked and changed several at a time (a batched step,
 * docs/decisions/0043-batched-steps.md): one statement each for the batch, each change guarded
 * and announced as `transitionPayment` (payment-transitions.ts) guards and announces it.
 */
export function createPaymentBatches(deps: Omit<PaymentTransitionDeps, 'customers'>) {
  /** The changes written in ONE statement, then each event; `confirmed`: "I've paid"'s. */
  async function writeMany(
    tx: Executor,
    changes: readonly PaymentBatchChange[],
    confirmed: boolean,
  ): Promise<PaymentRow[]> {
    if (changes.length === 0) return [];
    const now = deps.clock.now();
    const planned = changes.map((change) => ({
      change,
      to: paymentTransition(
        {
          state: change.locked.state as PaymentStateCode,
          customerConfirmed: change.locked.customer_confirmed_payment,
        },
        change.to,
        change.cause,
      ),
    }));
    await writeManyStatement.run(tx, {
      changes: JSON.stringify(
        planned.map(({ change, to }) => ({ id: change.locked.id, state: to })),
      ),
      confirmed,
      now: now.toISOString(),
    });
    const rows: PaymentRow[] = [];
    for (const { change, to } of planned) {
      // The row as the update left it, without reading it back: only these columns changed.
      const row: PaymentRow = {
        ...change.locked,
        state: to,
        ...(confirmed ? { customer_confirmed_payment: true } : {}),
        updated_at: now,
      };
      const provider = deps.providerOf(row.method_code);
      const facts = paymentFactsOf(row);
      await deps.events.paymentStateUpdated(tx, {
        id: row.id,
        state: paymentStateResource(to, change.locale),
        shared_reference: row.reference,
        payment_url: confirmed ? (provider.paymentUrl?.(facts, change.locale) ?? null) : null,
        awaiting_confirmation: provider.awaitingConfirmation(facts),
      });
      rows.push(row);
    }
    return rows;
  }

  return {
    /** Whether the payment's machine allows this change (`transitionMany` would make it). */
    allows(payment: PaymentRow, to: PaymentStateCode, cause: PaymentTransitionCause): boolean {
      try {
        paymentTransition(
          {
            state: payment.state as PaymentStateCode,
            customerConfirmed: payment.customer_confirmed_payment,
          },
          to,
          cause,
        );
        return true;
      } catch (error) {
        if (error instanceof IllegalPaymentTransitionError) return false;
        throw error;
      }
    },

    /** The payments of these ids, by id (no lock: to find their transfers, locked first). */
    async findMany(ex: Executor, paymentIds: readonly string[]): Promise<Map<string, PaymentRow>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await findManyStatement.run(ex, { ids: JSON.stringify(paymentIds) });
      return new Map(rows.map((row) => [row.id, row]));
    },

    /** The payments locked (FOR UPDATE) in id order, by id; their transfers are locked before. */
    async lockMany(ex: Executor, paymentIds: readonly string[]): Promise<Map<string, PaymentRow>> {
      if (paymentIds.length === 0) return new Map();
      const rows = await lockManyStatement.run(ex, { ids: JSON.stringify(paymentIds) });
      return new Map(rows.map((row) => [row.id, row]));
    },

    /**
     * Each change guarded by `paymentTransition` (an IllegalPaymentTransitionError before
     * anything is written), every state written in ONE statement, then each payment's event in
     * the outbox (a caller gathers them: Outbox.gather). Answers the changed rows in order.
     */
    transitionMany: (tx: Executor, changes: readonly PaymentBatchChange[]) =>
      writeMany(tx, changes, false),

    /**
     * "I've paid" for several payments (docs/decisions/0058-grouped-requests.md): as
     * `transitionMany`, with the customer's confirmation written too, as `transitionPayment`
     * makes it with `customerConfirmed`, and each event as the single change writes it.
     */
    confirmMany: (tx: Executor, changes: readonly PaymentBatchChange[]) =>
      writeMany(tx, changes, true),
  };
}

export type PaymentBatches = ReturnType<typeof createPaymentBatches>;
