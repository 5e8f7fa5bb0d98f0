import { getTableColumns, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonRows } from '../../db/json-lists.ts';
import { preparedSql, type PreparedStatement } from '../../db/prepared-statements.ts';
import type { StateRecord } from './transaction-states.ts';
import type { NewTransaction } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

/**
 * A new transfer's rows (docs/product/sending-money.md#the-transfers-tables): the transfer with
 * its timeline in ONE statement (issue 29: confirm's statements are the throughput). Numbers are
 * drawn at random, and the UNIQUE index on `transaction_number` says when one is taken.
 */

/** The columns a new transfer is written with: all but the cancellation window (null at first). */
const { cancellable_until: _closed, ...insertedColumns } = getTableColumns(transactions);
type InsertedColumn = keyof typeof insertedColumns;
const columnNames = Object.keys(insertedColumns) as InsertedColumn[];

/** Each column's value a placeholder of its own name (the insert maps it with the column's encoder). */
const transferPlaceholders = Object.fromEntries(
  columnNames.map((column) => [column, sql.placeholder(column)]),
) as Record<InsertedColumn, Placeholder>;

/**
 * The transfers `inserted` (an insert returning their ids) with their timelines' `records` (rows
 * of values) in one statement: a record is written only if its transfer was, so a transfer whose
 * number is taken writes nothing at all. Answers the ids written.
 */
function withTimelines(inserted: SQLWrapper, records: SQL): SQL {
  return sql`
    with "inserted" as ${inserted},
    "timeline" as (
      insert into "transaction_states"
        ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
      select * from (values ${records}) as "v"
        ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
      where "v"."transaction_id" in (select "id" from "inserted")
    )
    select "id" from "inserted"`;
}

/** A new transfer's row, in the state its timeline ends in. */
function rowOf(
  transaction: NewTransaction,
  timeline: readonly { id: string; record: StateRecord }[],
): NewTransaction & { state: string; updated_at: Date } {
  const last = timeline.at(-1);
  if (!last) throw new Error(`transaction ${transaction.id} needs a timeline`);
  return { ...transaction, state: last.record.state, updated_at: last.record.at };
}

/** The placeholder of a timeline row's field: `r0_state` is the first row's state. */
const recordField = (row: number, field: string) => sql.placeholder(`r${row}_${field}`);

/**
 * The statement for a timeline of `length` records: its text depends on that length only, so it
 * is prepared once a connection for each length used (confirm's two, a CREATED transfer's one:
 * docs/decisions/0052-statements-prepared-in-transactions.md). Times are ISO texts, cast.
 */
function insertWithTimelineStatement(length: number) {
  const rows = sql.join(
    Array.from(
      { length },
      (_, row) =>
        sql`(${recordField(row, 'id')}::uuid, ${sql.placeholder('id')}::uuid, ${recordField(row, 'state')}::text, ${recordField(row, 'cause')}::text, ${recordField(row, 'hold_reason')}::text, ${recordField(row, 'hold_action')}::text, ${recordField(row, 'at')}::timestamptz)`,
    ),
    sql`, `,
  );
  return preparedSql<{ id: string }>(`transfer_insert_timeline_${length}`, (ex) => {
    const inserted = ex
      .insert(transactions)
      .values(transferPlaceholders)
      .onConflictDoNothing({ target: transactions.transaction_number })
      .returning({ id: transactions.id });
    return withTimelines(inserted, rows);
  });
}

const statementsByLength = new Map<number, PreparedStatement<{ rows: { id: string }[] }>>();

function statementFor(length: number) {
  let statement = statementsByLength.get(length);
  if (statement === undefined) {
    statement = insertWithTimelineStatement(length);
    statementsByLength.set(length, statement);
  }
  return statement;
}

/** The columns of `insertManyWithTimelines`' rows: all but the window, whose value is null. */
const manyColumnNames = columnNames;

/** A value as the column's encoder sends it, as JSON carries it (a bigint as text, a time as ISO). */
function driverValueOf(column: InsertedColumn, value: unknown): unknown {
  const encoded = (
    insertedColumns[column] as unknown as { mapToDriverValue(value: unknown): unknown }
  ).mapToDriverValue(value);
  if (typeof encoded === 'bigint') return encoded.toString();
  return encoded instanceof Date ? encoded.toISOString() : encoded;
}

/**
 * `insertManyWithTimelines`' statement: the transfers and their records as one JSON text each
 * (typed by the columns' own SQL types), so its text is one whatever the group and it is
 * prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md). The
 * transfers are inserted in the order given, so of two with one number the first is written.
 */
const insertManyStatement = preparedSql<{ id: string }>(
  'transfer_insert_many_with_timelines',
  sql`with "inserted" as (
      insert into "transactions" (${sql.join(
        manyColumnNames.map((column) => sql.identifier(insertedColumns[column].name)),
        sql`, `,
      )})
      select ${sql.join(
        manyColumnNames.map((column) => sql`"m".${sql.identifier(column)}`),
        sql`, `,
      )}
      from jsonb_to_recordset(${sql.placeholder('transfers')}::jsonb) as "m" ("at" int, ${sql.join(
        manyColumnNames.map(
          (column) =>
            sql`${sql.identifier(column)} ${sql.raw(insertedColumns[column].getSQLType())}`,
        ),
        sql`, `,
      )})
      order by "m"."at"
      on conflict ("transaction_number") do nothing
      returning "id"
    ),
    "timeline" as (
      insert into "transaction_states"
        ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
      select "v"."id", "v"."transaction_id", "v"."state", "v"."cause", "v"."hold_reason",
        "v"."hold_action", "v"."at"
      from jsonb_to_recordset(${sql.placeholder('records')}::jsonb) as "v"
        ("n" int, "id" uuid, "transaction_id" uuid, "state" text, "cause" text,
         "hold_reason" text, "hold_action" text, "at" timestamptz)
      where "v"."transaction_id" in (select "id" from "inserted")
      order by "v"."n"
    )
    select "id" from "inserted"`,
  'each call',
);

export function createTransferInsertsRepository() {
  /**
   * A new transfer already in the state its timeline ends in, with that whole timeline (confirm:
   * CREATED then PENDING-PAYMENT); false, and nothing written, when its number is taken.
   */
  async function insertWithTimeline(
    ex: Executor,
    transaction: NewTransaction,
    timeline: readonly { id: string; record: StateRecord }[],
  ): Promise<boolean> {
    const values: Record<string, unknown> = { ...rowOf(transaction, timeline) };
    timeline.forEach(({ id, record }, row) => {
      values[`r${row}_id`] = id;
      values[`r${row}_state`] = record.state;
      values[`r${row}_cause`] = record.cause;
      values[`r${row}_hold_reason`] = record.hold?.reason ?? null;
      values[`r${row}_hold_action`] = record.hold?.action ?? null;
      values[`r${row}_at`] = record.at.toISOString();
    });
    const result = await statementFor(timeline.length).run(ex, values);
    return result.rows.length > 0;
  }

  /**
   * Several new transfers, each already in the state its timeline ends in, with those timelines,
   * in ONE statement (grouped confirm, docs/decisions/0058-grouped-requests.md). Answers the ids
   * written: a transfer whose number is taken (by another, or by one before it in the list) is
   * left out with its timeline, and the caller draws it another.
   */
  async function insertManyWithTimelines(
    ex: Executor,
    made: readonly {
      transaction: NewTransaction;
      timeline: readonly { id: string; record: StateRecord }[];
    }[],
  ): Promise<Set<string>> {
    if (made.length === 0) return new Set();
    const transfers = jsonRows(made, ({ transaction, timeline }) => {
      const row: Record<string, unknown> = {};
      const values: Record<string, unknown> = rowOf(transaction, timeline);
      for (const column of manyColumnNames) row[column] = driverValueOf(column, values[column]);
      return row;
    });
    const records = made.flatMap(({ transaction, timeline }) =>
      timeline.map(({ id, record }) => ({
        id,
        transaction_id: transaction.id,
        state: record.state,
        cause: record.cause,
        hold_reason: record.hold?.reason ?? null,
        hold_action: record.hold?.action ?? null,
        at: record.at.toISOString(),
      })),
    );
    const result = await insertManyStatement.run(ex, {
      transfers,
      records: JSON.stringify(records.map((record, n) => ({ n, ...record }))),
    });
    return new Set(result.rows.map((row) => row.id));
  }

  return {
    insertWithTimeline,
    insertManyWithTimelines,

    /** A new transfer in CREATED with its first record; false when its number is taken. */
    insertNumbered: (ex: Executor, transaction: NewTransaction, stateRowId: string) =>
      insertWithTimeline(ex, transaction, [
        {
          id: stateRowId,
          record: { state: 'CREATED', cause: null, at: transaction.created_at, hold: null },
        },
      ]),
  };
}
