import type { HoldActionCode, HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement, type PreparedStatement } from '../../db/prepared-statements.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { StateRecord, TransitionCause } from './transaction-states.ts';
import type { TransactionRow } from './transfers.repository.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * The statements that lock transfers with their timelines (the repository's `lockWithHistory…`
 * and `lockManyWithHistory`), and how a timeline row becomes a record. Each answers ONE row a
 * transfer, its timeline aggregated into one JSON value of that row, where a join answered one
 * row a record with the transfer's columns repeated on each, which drizzle mapped again and again
 * (docs/decisions/0061-batch-statements-planned-each-call.md#one-row-a-transfer-thirteenth-session).
 */

type StateRow = typeof transactionStates.$inferSelect;

export const recordOf = (
  row: Pick<StateRow, 'state' | 'cause' | 'hold_reason' | 'hold_action' | 'at'>,
): StateRecord => ({
  state: row.state as TransactionStateCode,
  cause: row.cause as TransitionCause | null,
  at: row.at,
  hold:
    row.hold_reason === null || row.hold_action === null
      ? null
      : { reason: row.hold_reason as HoldReasonCode, action: row.hold_action as HoldActionCode },
});

/**
 * A record as the statements send it: its state, cause, hold reason and action, and its time as
 * the column's text, which the column's own decoder reads, so the Date is the one a plain select
 * gives (the database keeps microseconds; JSON's own form of a time would be read by other rules).
 */
type SentRecord = [
  state: string,
  cause: string | null,
  hold_reason: string | null,
  hold_action: string | null,
  at: string,
];

/**
 * A transfer's timeline, oldest record first, as one JSON value (`records`): a lateral subquery
 * by the transfer's id, an aggregate, so never folded into a join. Its only plan is the
 * (transaction_id, at) index, where a join, planned for a table never analysed (a new database),
 * scanned every transfer's records. Null for a transfer without records (every transfer has its
 * CREATED one). drizzle writes the aggregate's columns unqualified: they are the subquery's own
 * table's, the nearest in scope.
 */
function timelineOf(ex: Executor) {
  const { state, cause, hold_reason, hold_action, at } = transactionStates;
  return ex
    .select({
      records: sql<
        SentRecord[] | null
      >`json_agg(json_build_array(${state}, ${cause}, ${hold_reason}, ${hold_action}, ${at}::text) order by ${at})`.as(
        'records',
      ),
    })
    .from(transactionStates)
    .where(eq(transactionStates.transaction_id, transactions.id))
    .as('timeline');
}

/**
 * A sent record's time, read by the column's own decoder (drizzle's timestamp: `new Date` of the
 * text, to the millisecond), as a select of the column reads it; typed `unknown` on the table.
 */
const atOf = (text: string) => transactionStates.at.mapFromDriverValue(text) as Date;

/** A transfer's row and its sent records, as the use cases hold them. */
export function lockedOf(
  transaction: TransactionRow,
  records: SentRecord[] | null,
): LockedTransfer {
  return {
    row: transaction,
    history: (records ?? []).map(([state, cause, hold_reason, hold_action, at]) =>
      recordOf({
        state,
        cause,
        hold_reason,
        hold_action,
        at: atOf(at),
      }),
    ),
    known: {},
  };
}

/**
 * `lockWithHistory`'s statement: the transfer, locked (FOR UPDATE of its row alone), with its
 * timeline; with `customerId`, only if it is that customer's (IDOR).
 */
export function lockOneQuery(ex: Executor, transactionId: string, customerId?: string) {
  const timeline = timelineOf(ex);
  return ex
    .select({ transaction: transactions, records: timeline.records })
    .from(transactions)
    .innerJoinLateral(timeline, sql`true`)
    .where(
      and(
        eq(transactions.id, transactionId),
        customerId === undefined ? undefined : eq(transactions.customer_id, customerId),
      ),
    )
    .for('update', { of: transactions });
}

/** `lockWithHistoryByStatement`'s statement: its one row, the transfer's. */
export type LockByStatement<T> = PreparedStatement<
  { transaction: TransactionRow; records: SentRecord[] | null; along: T }[]
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
  return preparedStatement(name, (ex, statementName) => {
    const timeline = timelineOf(ex);
    return ex
      .select({ transaction: transactions, records: timeline.records, along })
      .from(transactions)
      .innerJoinLateral(timeline, sql`true`)
      .where(
        and(
          eq(transactions.id, transactionId),
          eq(transactions.customer_id, sql.placeholder('customer')),
        ),
      )
      .for('update', { of: transactions })
      .prepare(statementName);
  });
}

/**
 * `lockManyWithHistory`'s statement: the ids as one JSON text, so its text is one whatever the
 * batch (docs/decisions/0052-statements-prepared-in-transactions.md), planned on each call with
 * the tables as they are (a batch's statement, docs/decisions/0061-batch-statements-planned-each-call.md),
 * the rows in id order (every batch's one order, docs/decisions/0043-batched-steps.md).
 */
export const lockManyStatement = preparedStatement(
  'transfers_lock_many_with_history',
  (ex, name) => {
    const timeline = timelineOf(ex);
    return ex
      .select({ transaction: transactions, records: timeline.records })
      .from(transactions)
      .innerJoinLateral(timeline, sql`true`)
      .where(sql`${transactions.id} = any(${jsonList('ids', 'uuid')})`)
      .orderBy(transactions.id)
      .for('update', { of: transactions })
      .prepare(name);
  },
  'each call',
);
