import type { HoldActionCode, HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import {
  TRANSACTION_STATES,
  countsTowardLimits,
  type StateRecord,
  type TransitionCause,
} from './transaction-states.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * The transfers' tables (docs/product/sending-money.md#the-transfers-tables): every query names
 * its customer unless a use case already holds the transfer (a job, an operator), so another
 * customer's transfer reads as missing (IDOR).
 */

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = Omit<TransactionRow, 'state' | 'created_at' | 'updated_at'> & {
  created_at: Date;
};

/** The list's filters (GET /client/v1/transactions); dates are whole UTC days, both included. */
export interface TransactionFilters {
  state?: TransactionStateCode | undefined;
  recipientId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/** The states whose transfers count toward the rolling limits (transaction-states.ts). */
export const COUNTING_STATES = (Object.keys(TRANSACTION_STATES) as TransactionStateCode[]).filter(
  countsTowardLimits,
);

/** The states of a finished transfer: nothing more moves its money (the ledger's check). */
export const FINISHED_STATES = [
  'PAYOUT-SUCCESS',
  'PAYOUT-REVERSED',
  'CANCELLED',
] as const satisfies readonly TransactionStateCode[];

const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function filtersOf(customerId: string, filters: TransactionFilters): SQL | undefined {
  return and(
    eq(transactions.customer_id, customerId),
    filters.state ? eq(transactions.state, filters.state) : undefined,
    filters.recipientId ? eq(transactions.recipient_id, filters.recipientId) : undefined,
    filters.startDate
      ? gte(transactions.created_at, new Date(`${filters.startDate}T00:00:00.000Z`))
      : undefined,
    filters.endDate
      ? lt(
          transactions.created_at,
          new Date(new Date(`${filters.endDate}T00:00:00.000Z`).getTime() + DAY_MS),
        )
      : undefined,
  );
}

type StateRow = typeof transactionStates.$inferSelect;

const recordOf = (row: StateRow): StateRecord => ({
  state: row.state as TransactionStateCode,
  cause: row.cause as TransitionCause | null,
  at: row.at,
  hold:
    row.hold_reason === null || row.hold_action === null
      ? null
      : { reason: row.hold_reason as HoldReasonCode, action: row.hold_action as HoldActionCode },
});

/** Newest first; the id breaks ties so pages never overlap. */
const newestFirst = [desc(transactions.created_at), desc(transactions.id)];

export function createTransfersRepository() {
  /** The timelines of these transfers, oldest record first (their times strictly increase). */
  async function historiesOf(
    ex: Executor,
    transactionIds: readonly string[],
  ): Promise<Map<string, StateRecord[]>> {
    const histories = new Map<string, StateRecord[]>(transactionIds.map((id) => [id, []]));
    if (transactionIds.length === 0) return histories;
    const rows = await ex
      .select()
      .from(transactionStates)
      .where(inArray(transactionStates.transaction_id, [...transactionIds]))
      .orderBy(asc(transactionStates.at));
    for (const row of rows) histories.get(row.transaction_id)?.push(recordOf(row));
    return histories;
  }

  return {
    /** A new transfer in CREATED, with its first timeline record. */
    async insert(ex: Executor, transaction: NewTransaction, stateRowId: string): Promise<void> {
      await ex.insert(transactions).values({
        ...transaction,
        state: 'CREATED',
        updated_at: transaction.created_at,
      });
      await ex.insert(transactionStates).values({
        id: stateRowId,
        transaction_id: transaction.id,
        state: 'CREATED',
        cause: null,
        at: transaction.created_at,
      });
    },

    /** Whether a transfer already has this number (numbers are drawn at random). */
    async numberTaken(ex: Executor, transactionNumber: string): Promise<boolean> {
      const rows = await ex
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.transaction_number, transactionNumber))
        .limit(1);
      return rows.length > 0;
    },

    /** The customer's transfer, or undefined (another customer's reads as missing). */
    async find(
      ex: Executor,
      customerId: string,
      transactionId: string,
    ): Promise<TransactionRow | undefined> {
      const [row] = await ex
        .select()
        .from(transactions)
        .where(and(eq(transactions.id, transactionId), eq(transactions.customer_id, customerId)));
      return row;
    },

    /** The transfer made of this quote, if any. */
    async findByQuote(ex: Executor, quoteId: string): Promise<TransactionRow | undefined> {
      const [row] = await ex.select().from(transactions).where(eq(transactions.quote_id, quoteId));
      return row;
    },

    /**
     * Locks the transfer's row for the rest of `tx` (SELECT … FOR UPDATE): every change of state
     * takes this lock first, so two changes of one transfer happen one after the other.
     */
    async lock(ex: Executor, transactionId: string): Promise<TransactionRow | undefined> {
      const [row] = await ex
        .select()
        .from(transactions)
        .where(eq(transactions.id, transactionId))
        .for('update');
      return row;
    },

    /** Sets the state the transfer is in (the timeline row is written beside it). */
    async setState(
      ex: Executor,
      transactionId: string,
      state: TransactionStateCode,
      at: Date,
    ): Promise<TransactionRow> {
      const [row] = await ex
        .update(transactions)
        .set({ state, updated_at: at })
        .where(eq(transactions.id, transactionId))
        .returning();
      if (!row) throw new Error(`transaction ${transactionId} vanished under its lock`);
      return row;
    },

    /** Appends a record to the transfer's timeline. */
    async appendState(
      ex: Executor,
      row: { id: string; transactionId: string; record: StateRecord },
    ): Promise<void> {
      await ex.insert(transactionStates).values({
        id: row.id,
        transaction_id: row.transactionId,
        state: row.record.state,
        cause: row.record.cause,
        hold_reason: row.record.hold?.reason ?? null,
        hold_action: row.record.hold?.action ?? null,
        at: row.record.at,
      });
    },

    historiesOf,

    /** One transfer's timeline, oldest first. */
    async historyOf(ex: Executor, transactionId: string): Promise<StateRecord[]> {
      return (await historiesOf(ex, [transactionId])).get(transactionId) ?? [];
    },

    /** One page of the customer's transfers matching `filters`, newest first, and the total. */
    async page(
      ex: Executor,
      customerId: string,
      filters: TransactionFilters,
      window: { limit: number; offset: number },
    ): Promise<{ rows: TransactionRow[]; total: number }> {
      const where = filtersOf(customerId, filters);
      const [rows, [counted]] = await Promise.all([
        ex
          .select()
          .from(transactions)
          .where(where)
          .orderBy(...newestFirst)
          .limit(window.limit)
          .offset(window.offset),
        ex.select({ total: count() }).from(transactions).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    /**
     * What the customer sent in `currency` (send amounts, not fees) since each moment, counting
     * the transfers of COUNTING_STATES only: one row, one scan of the customer's transfers.
     */
    async sentSince<K extends string>(
      ex: Executor,
      customerId: string,
      currency: string,
      since: Record<K, Date>,
    ): Promise<Record<K, bigint>> {
      const keys = Object.keys(since) as K[];
      const earliest = keys
        .map((key) => since[key])
        .reduce((first, next) => (next < first ? next : first));
      const sums = Object.fromEntries(
        keys.map((key) => [
          key,
          sql<string>`coalesce(sum(${transactions.send_minor}) filter (where ${transactions.created_at} >= ${since[key]}), 0)::text`,
        ]),
      ) as Record<K, SQL<string>>;
      const [found] = await ex
        .select(sums)
        .from(transactions)
        .where(
          and(
            eq(transactions.customer_id, customerId),
            eq(transactions.send_currency, currency),
            gte(transactions.created_at, earliest),
            inArray(transactions.state, COUNTING_STATES),
          ),
        );
      const row = found as Partial<Record<K, string>> | undefined;
      return Object.fromEntries(keys.map((key) => [key, BigInt(row?.[key] ?? '0')])) as Record<
        K,
        bigint
      >;
    },

    /**
     * The customer's unfinished transfer to this recipient of this send amount created since
     * `since`, if any: a likely second payment of the same transfer (docs/product/sending-money.md#refusals).
     */
    async recentTwin(
      ex: Executor,
      twin: { customerId: string; recipientId: string; currency: string; sendMinor: bigint },
      since: Date,
    ): Promise<TransactionRow | undefined> {
      const [row] = await ex
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.customer_id, twin.customerId),
            eq(transactions.recipient_id, twin.recipientId),
            eq(transactions.send_currency, twin.currency),
            eq(transactions.send_minor, twin.sendMinor),
            gte(transactions.created_at, since),
            notInArray(transactions.state, [...FINISHED_STATES, 'PAYOUT-FAILED']),
          ),
        )
        .orderBy(...newestFirst)
        .limit(1);
      return row;
    },

    /** Of these transfers, those in a finished state (the ledger's FinishedTransfersPort). */
    async finishedAmong(ex: Executor, transactionIds: readonly string[]): Promise<string[]> {
      // A transit account may name what is not a transfer's id (the ledger's own tests do):
      // such an id is no transfer, so none of them is finished.
      const ids = transactionIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      const rows = await ex
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            inArray(transactions.id, ids),
            inArray(transactions.state, [...FINISHED_STATES]),
          ),
        );
      return rows.map((row) => row.id);
    },

    /** Whether the customer has made any transfer (the dashboard's `transaction_sent` task). */
    async hasAny(ex: Executor, customerId: string): Promise<boolean> {
      const rows = await ex
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.customer_id, customerId))
        .limit(1);
      return rows.length > 0;
    },

    /** Whether the transfer is the customer's (channel authorisation). */
    async owns(ex: Executor, customerId: string, transactionId: string): Promise<boolean> {
      const rows = await ex
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.id, transactionId), eq(transactions.customer_id, customerId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
