import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import type { StateRecord } from './transaction-states.ts';
import { transactions } from './transfers.schema.ts';
import { jsonRows } from '../../db/json-lists.ts';

/** A timeline record to append; `window`: the cancellation window's new end, if it moves. */
export interface AppendedState {
  id: string;
  transactionId: string;
  record: StateRecord;
  window?: Date | null | undefined;
}

/**
 * `appendStates`' statement: the rows as one JSON text, so its text is one whatever the batch and
 * it is prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 * The window's column is set only where the change moves it (cancellation-window.ts). Planned
 * on each call (docs/decisions/0061-batch-statements-planned-each-call.md); the transfers are
 * also named as an array, so the update takes them by primary key: joined to the rows alone,
 * planned at the function's default 100 rows, PostgreSQL scanned every transfer.
 */
const appendStatesStatement = preparedSql(
  'transfer_append_states',
  sql`with "v" as (
      select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as "r"
        ("at" int, "id" uuid, "transaction_id" uuid, "state" text, "cause" text,
         "hold_reason" text, "hold_action" text, "record_at" timestamptz,
         "window_moves" boolean, "window" timestamptz)
    ),
    "appended" as (
      insert into "transaction_states"
        ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
      select "id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "record_at"
      from "v" order by "at"
    )
    update "transactions" as "t" set "state" = "v"."state", "updated_at" = "v"."record_at",
      "cancellable_until" = case when "v"."window_moves" then "v"."window"
        else "t"."cancellable_until" end
    from "v" where "t"."id" = "v"."transaction_id"
      and "t"."id" = any(array(select "transaction_id" from "v"))`,
  'each call',
);

/**
 * Appends a record to each transfer's timeline and sets the state it is in, for several
 * transfers in ONE statement (a batched step, decision 43).
 */
async function appendStates(ex: Executor, rows: readonly AppendedState[]): Promise<void> {
  if (rows.length === 0) return;
  await appendStatesStatement.run(ex, {
    rows: jsonRows(rows, (row) => ({
      id: row.id,
      transaction_id: row.transactionId,
      state: row.record.state,
      cause: row.record.cause,
      hold_reason: row.record.hold?.reason ?? null,
      hold_action: row.record.hold?.action ?? null,
      record_at: row.record.at.toISOString(),
      window_moves: row.window !== undefined,
      window: row.window?.toISOString() ?? null,
    })),
  });
}

/**
 * The writes of a transfer's changes of state (docs/product/sending-money.md#transaction-states):
 * the timeline record, the state and, when the change moves it, the cancellation window's end
 * (cancellation-window.ts), in one statement.
 */
export function createTransferStatesRepository() {
  return {
    appendStates,

    /**
     * Appends a record to the transfer's timeline and sets the state it is in, in one statement
     * (each change of state costs one round trip, docs/performance.md): `appendStates`' prepared
     * statement with one row.
     */
    async appendState(ex: Executor, row: AppendedState): Promise<void> {
      await appendStates(ex, [row]);
    },

    /** Closes a transfer's cancellation window (its job: the transfer-paid entry posted). */
    async closeWindow(ex: Executor, transactionId: string): Promise<void> {
      await ex
        .update(transactions)
        .set({ cancellable_until: null })
        .where(eq(transactions.id, transactionId));
    },
  };
}
