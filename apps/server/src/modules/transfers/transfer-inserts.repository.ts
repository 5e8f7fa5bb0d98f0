import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import type { StateRecord } from './transaction-states.ts';
import type { NewTransaction } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

/**
 * A new transfer's rows (docs/product/sending-money.md#the-transfers-tables): the transfer with
 * its timeline in ONE statement (issue 29: confirm's statements are the throughput). Numbers are
 * drawn at random, and the UNIQUE index on `transaction_number` says when one is taken.
 */
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
    const last = timeline.at(-1);
    if (!last) throw new Error(`transaction ${transaction.id} needs a timeline`);
    const inserted = ex
      .insert(transactions)
      .values({ ...transaction, state: last.record.state, updated_at: last.record.at })
      .onConflictDoNothing({ target: transactions.transaction_number })
      .returning({ id: transactions.id });
    const values = sql.join(
      timeline.map(
        ({ id, record }) =>
          sql`(${id}::uuid, ${transaction.id}::uuid, ${record.state}::text, ${record.cause}::text, ${record.hold?.reason ?? null}::text, ${record.hold?.action ?? null}::text, ${record.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    // The timeline is written only if the transfer was: a taken number writes nothing at all.
    const result = (await ex.execute(sql`
      with "inserted" as ${inserted},
      "timeline" as (
        insert into "transaction_states"
          ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
        select * from (values ${values}) as "v"
          ("id", "transaction_id", "state", "cause", "hold_reason", "hold_action", "at")
        where exists (select 1 from "inserted")
      )
      select "id" from "inserted"`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  return {
    insertWithTimeline,

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
