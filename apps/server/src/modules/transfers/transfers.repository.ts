import type { HoldActionCode, HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import {
  preparedStatement,
  type PreparedStatement,
  type StatementValues,
} from '../../db/prepared-statements.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { StateRecord, TransitionCause } from './transaction-states.ts';
import { createTransferFactsRepository } from './transfer-facts.repository.ts';
import { createTransferInsertsRepository } from './transfer-inserts.repository.ts';
import { createTransferStatesRepository } from './transfer-states.repository.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

export { COUNTING_STATES, FINISHED_STATES } from './transfer-state-sets.ts';

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

/** `lockWithHistoryByStatement`'s statement: its rows, one a record of the timeline. */
export type LockByStatement<T> = PreparedStatement<
  { transaction: TransactionRow; record: typeof transactionStates.$inferSelect; along: T }[]
>;

/**
 * The statement of `lockWithHistoryBy`: `lockWithHistory` of the customer's transfer (the
 * placeholder `customer`) named by `transactionId`, another module's one-row subquery ("I've
 * paid" names a payment), with `along` (another module's one-row value) read in the same
 * statement. The pieces' values are placeholders too, so its text is fixed: made once, at a
 * module's top, and prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
export function lockWithHistoryByStatement<T>(
  name: string,
  transactionId: SQL<string | null>,
  along: SQL<T>,
): LockByStatement<T> {
  return preparedStatement(name, (ex, statementName) =>
    ex
      .select({ transaction: transactions, record: transactionStates, along })
      .from(transactions)
      .innerJoin(transactionStates, eq(transactionStates.transaction_id, transactions.id))
      .where(
        and(
          eq(transactions.id, transactionId),
          eq(transactions.customer_id, sql.placeholder('customer')),
        ),
      )
      .orderBy(asc(transactionStates.at))
      .for('update', { of: transactions })
      .prepare(statementName),
  );
}

/**
 * `lockManyWithHistory`'s statement: the ids as one JSON text, so its text is one whatever the
 * batch (docs/decisions/0052-statements-prepared-in-transactions.md), planned on each call with
 * the tables as they are (a batch's statement, docs/decisions/0061-batch-statements-planned-each-call.md).
 * Each transfer's timeline is a lateral subquery by its id, ordered by time: its only plan is the
 * (transaction_id, at) index, where a join, planned for a table never analysed (a new
 * database), scanned every transfer's records.
 */
const lockManyStatement = preparedStatement(
  'transfers_lock_many_with_history',
  (ex, name) => {
    const timeline = ex
      .select()
      .from(transactionStates)
      .where(eq(transactionStates.transaction_id, transactions.id))
      .orderBy(asc(transactionStates.at))
      .as('timeline');
    return ex
      .select({
        transaction: transactions,
        record: {
          id: timeline.id,
          transaction_id: timeline.transaction_id,
          state: timeline.state,
          cause: timeline.cause,
          hold_reason: timeline.hold_reason,
          hold_action: timeline.hold_action,
          at: timeline.at,
        },
      })
      .from(transactions)
      .innerJoinLateral(timeline, sql`true`)
      .where(sql`${transactions.id} = any(${jsonList('ids', 'uuid')})`)
      .orderBy(asc(transactions.id), asc(timeline.at))
      .for('update', { of: transactions })
      .prepare(name);
  },
  'each call',
);

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
    const rows = await ex
      .select({ transaction: transactions, record: transactionStates })
      .from(transactions)
      .innerJoin(transactionStates, eq(transactionStates.transaction_id, transactions.id))
      .where(
        and(
          eq(transactions.id, transactionId),
          customerId === undefined ? undefined : eq(transactions.customer_id, customerId),
        ),
      )
      .orderBy(asc(transactionStates.at))
      .for('update', { of: transactions });
    const first = rows[0];
    if (!first) return undefined;
    return {
      row: first.transaction,
      history: rows.map(({ record }) => recordOf(record)),
      known: {},
    };
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
    const rows = await statement.run(ex, values);
    const first = rows[0];
    if (!first) return undefined;
    const history = rows.map(({ record }) => recordOf(record));
    return { locked: { row: first.transaction, history, known: {} }, along: first.along };
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
    for (const { transaction, record } of rows) {
      const held = locked.get(transaction.id);
      if (held) held.history.push(recordOf(record));
      else locked.set(transaction.id, { row: transaction, history: [recordOf(record)], known: {} });
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
