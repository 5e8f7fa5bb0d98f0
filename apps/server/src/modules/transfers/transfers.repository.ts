import type { TransactionStateCode } from '@corridor/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { StatementValues } from '../../db/prepared-statements.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { StateRecord } from './transaction-states.ts';
import { createTransferFactsRepository } from './transfer-facts.repository.ts';
import {
  lockedOf,
  lockManyStatement,
  lockOneQuery,
  recordOf,
  type LockByStatement,
} from './transfer-lock-statements.ts';
import { createTransferInsertsRepository } from './transfer-inserts.repository.ts';
import { createTransferStatesRepository } from './transfer-states.repository.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

export { COUNTING_STATES, FINISHED_STATES } from './transfer-state-sets.ts';
export { lockWithHistoryByStatement, type LockByStatement } from './transfer-lock-statements.ts';

/**
 * The transfers' tables (docs/product/sending-money.md#the-transfers-tables): every query names
 * its customer unless a use case already holds the transfer (a job, an operator), so another
 * customer's transfer reads as missing (IDOR).
 */

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransaction = Omit<
  TransactionRow,
  'state' | 'created_at' | 'updated_at' | 'cancellable_until'
> & {
  created_at: Date;
};

/** The list's filters (GET /client/v1/transactions); dates are whole UTC days, both included. */
export interface TransactionFilters {
  state?: TransactionStateCode | undefined;
  recipientId?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

const DAY_MS = 86_400_000;

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

/** Newest first; the id breaks ties so pages never overlap. */
const newestFirst = [desc(transactions.created_at), desc(transactions.id)];

export function createTransfersRepository() {
  const facts = createTransferFactsRepository();
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

  /**
   * The transfer locked for the rest of `tx` (FOR UPDATE of its row) with its timeline, oldest
   * first, in one statement: what a use case holds while it changes the transfer.
   */
  async function lockWithHistory(
    ex: Executor,
    transactionId: string,
    /** Set by a customer's request: another customer's transfer reads as missing (IDOR). */
    customerId?: string,
  ): Promise<LockedTransfer | undefined> {
    const [first] = await lockOneQuery(ex, transactionId, customerId);
    return first && lockedOf(first.transaction, first.records);
  }

  /**
   * `lockWithHistory` of the customer's transfer by a statement of `lockWithHistoryByStatement`,
   * with its `along` value; undefined when it is not the customer's.
   */
  async function lockWithHistoryBy<T>(
    ex: Executor,
    statement: LockByStatement<T>,
    values: { customer: string } & StatementValues,
  ): Promise<{ locked: LockedTransfer; along: T } | undefined> {
    const [first] = await statement.run(ex, values);
    if (!first) return undefined;
    return { locked: lockedOf(first.transaction, first.records), along: first.along };
  }

  /**
   * Several transfers locked for the rest of `tx` with their timelines, in ONE statement, the
   * rows taken in id order (every batch's one order): a batched step's lock (decision 43).
   */
  async function lockManyWithHistory(
    ex: Executor,
    transactionIds: readonly string[],
  ): Promise<Map<string, LockedTransfer>> {
    const locked = new Map<string, LockedTransfer>();
    if (transactionIds.length === 0) return locked;
    const rows = await lockManyStatement.run(ex, { ids: JSON.stringify(transactionIds) });
    for (const { transaction, records } of rows) {
      locked.set(transaction.id, lockedOf(transaction, records));
    }
    return locked;
  }

  return {
    ...facts,
    ...createTransferStatesRepository(),
    ...createTransferInsertsRepository(),

    lockManyWithHistory,

    lockWithHistoryBy,

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
      return (await lockWithHistory(ex, transactionId))?.row;
    },

    lockWithHistory,

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
     * Inserts a transfer (CREATED, with its first state row) unless its number is taken, which
     * the UNIQUE index on numbers tells (no read first): whether it was inserted.
     */
  };
}

export type TransfersRepository = ReturnType<typeof createTransfersRepository>;
