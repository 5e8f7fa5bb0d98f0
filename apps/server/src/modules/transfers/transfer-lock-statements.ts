import type { HoldActionCode, HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement, type PreparedStatement } from '../../db/prepared-statements.ts';
import type { StateRecord, TransitionCause } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * The statements that lock transfers with their timelines (the repository's `lockWithHistory…`
 * and `lockManyWithHistory`), and how a timeline row becomes a record.
 */

type StateRow = typeof transactionStates.$inferSelect;

export const recordOf = (row: StateRow): StateRecord => ({
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
export const lockManyStatement = preparedStatement(
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
