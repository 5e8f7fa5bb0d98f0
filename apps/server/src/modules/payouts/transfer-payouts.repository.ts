import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedSql, preparedStatement } from '../../db/prepared-statements.ts';
import { PAYOUT_COMPANIES, payoutCompanyId } from './payout-reference-data.ts';
import type { PayoutStateCode } from './payout-states.ts';
import {
  ofTransfers,
  payoutsOfTransfers,
  type TransferPayoutRow,
} from './transfer-payout-reads.ts';
import { payouts } from './transfer-payouts.schema.ts';

/** `lockMany`'s statement, one text whatever the batch (decision 52). */
const lockManyStatement = preparedStatement(
  'payouts_lock_many',
  (ex, name) =>
    ex
      .select()
      .from(payouts)
      .where(ofTransfers)
      .orderBy(asc(payouts.id))
      .for('update')
      .prepare(name),
  'each call',
);

/**
 * The payouts of transfers (docs/product/sending-money.md#the-transfers-tables): one per transfer,
 * retried in place. The transfers module's payout runner writes them inside its own use case, so
 * every change commits with the transfer's state and its ledger entries (the transaction
 * resource reads them through transfer-payout-reads.ts).
 */

export interface TransferPayoutChanges {
  state?: PayoutStateCode;
  partner_reference?: string | null;
  collection_pin?: string | null;
  attempts?: number;
  sent_at?: Date | null;
  paid_at?: Date | null;
}

/** The columns a batch may set, with their SQL types (a `values` list is typed by its casts). */
const BATCH_COLUMNS = {
  state: 'text',
  partner_reference: 'text',
  collection_pin: 'text',
  attempts: 'smallint',
  sent_at: 'timestamptz',
  paid_at: 'timestamptz',
} as const satisfies Record<keyof TransferPayoutChanges, string>;

const BATCH_COLUMN_NAMES = Object.keys(BATCH_COLUMNS) as (keyof TransferPayoutChanges)[];

/**
 * `updateMany`'s statement: the changes as one JSON text, each column set only where a change
 * names it (`<column>_set`), so its text is one whatever the batch and the columns it sets
 * (docs/decisions/0052-statements-prepared-in-transactions.md). The payouts are named as an
 * array too, so the update takes them by primary key: joined to the rows alone, planned at the
 * function's default 100 rows, PostgreSQL scanned every payout
 * (docs/decisions/0061-batch-statements-planned-each-call.md).
 */
const updateManyStatement = preparedSql(
  'payouts_update_many',
  sql`with "v" as (
      select * from jsonb_to_recordset(${sql.placeholder('changes')}::jsonb) as "c" ("id" uuid, ${sql.join(
        BATCH_COLUMN_NAMES.map(
          (column) =>
            sql`${sql.identifier(column)} ${sql.raw(BATCH_COLUMNS[column])}, ${sql.identifier(`${column}_set`)} boolean`,
        ),
        sql`, `,
      )})
    )
    update "payouts" as "p" set
      ${sql.join(
        BATCH_COLUMN_NAMES.map(
          (column) =>
            sql`${sql.identifier(column)} = case when "v".${sql.identifier(`${column}_set`)} then "v".${sql.identifier(column)} else "p".${sql.identifier(column)} end`,
        ),
        sql`, `,
      )},
      "updated_at" = ${sql.placeholder('at')}::timestamptz
    from "v"
    where "p"."id" = "v"."id" and "p"."id" = any(array(select "id" from "v"))`,
  'each call',
);

/** New payouts, `pending`, first attempts: as one JSON text, one text whatever the batch. */
const insertManyStatement = preparedSql(
  'payouts_insert_many',
  sql`insert into "payouts"
      ("id", "transaction_id", "partner_code", "state", "attempts", "created_at", "updated_at")
    select "n"."id", "n"."transaction_id", "n"."partner_code", 'pending', 1, "n"."at", "n"."at"
    from jsonb_to_recordset(${sql.placeholder('payouts')}::jsonb) as "n"
      ("i" int, "id" uuid, "transaction_id" uuid, "partner_code" text, "at" timestamptz)
    order by "n"."i"`,
  'each call',
);

const sqlValue = (value: TransferPayoutChanges[keyof TransferPayoutChanges]) =>
  value instanceof Date ? value.toISOString() : (value ?? null);

const COMPANY_CODES = new Map<string, string>(
  PAYOUT_COMPANIES.map((company) => [payoutCompanyId(company.code), company.code]),
);

/** The payout company's code (`TERRA_PAY`) of its id, as seeded; undefined for an unknown id. */
export const payoutCompanyCodeOf = (companyId: string): string | undefined =>
  COMPANY_CODES.get(companyId);

export function createTransferPayoutsRepository() {
  return {
    /** A transfer's payout, or undefined before it is handed over. */
    async of(ex: Executor, transactionId: string): Promise<TransferPayoutRow | undefined> {
      const [row] = await ex
        .select()
        .from(payouts)
        .where(eq(payouts.transaction_id, transactionId));
      return row;
    },

    /** Several transfers' payouts, by transfer id, in one statement (a batch's read, decision 43). */
    ofMany: (ex: Executor, transactionIds: readonly string[]) =>
      payoutsOfTransfers(ex, transactionIds),

    /**
     * Several transfers' payouts locked in one statement, in id order (after their transfers'
     * locks, as alone), by transfer id.
     */
    async lockMany(
      ex: Executor,
      transactionIds: readonly string[],
    ): Promise<Map<string, TransferPayoutRow>> {
      if (transactionIds.length === 0) return new Map();
      const rows = await lockManyStatement.run(ex, { ids: JSON.stringify(transactionIds) });
      return new Map(rows.map((row) => [row.transaction_id, row]));
    },

    /** Locks a transfer's payout (after the transfer's own lock: transfers first, always). */
    async lock(ex: Executor, transactionId: string): Promise<TransferPayoutRow | undefined> {
      const [row] = await ex
        .select()
        .from(payouts)
        .where(eq(payouts.transaction_id, transactionId))
        .for('update');
      return row;
    },

    /** A new payout, `pending` until the partner accepts it, as its first attempt. */
    async insert(
      ex: Executor,
      payout: { id: string; transactionId: string; partnerCode: string; at: Date },
    ): Promise<TransferPayoutRow> {
      const [row] = await ex
        .insert(payouts)
        .values({
          id: payout.id,
          transaction_id: payout.transactionId,
          partner_code: payout.partnerCode,
          state: 'pending',
          attempts: 1,
          created_at: payout.at,
          updated_at: payout.at,
        })
        .returning();
      if (!row) throw new Error('the payout was not inserted');
      return row;
    },

    /** New payouts of several transfers in one statement (a batched hand-over, decision 43). */
    async insertMany(
      ex: Executor,
      list: readonly { id: string; transactionId: string; partnerCode: string; at: Date }[],
    ): Promise<void> {
      if (list.length === 0) return;
      await insertManyStatement.run(ex, {
        payouts: JSON.stringify(
          list.map((payout, i) => ({
            i,
            id: payout.id,
            transaction_id: payout.transactionId,
            partner_code: payout.partnerCode,
            at: payout.at.toISOString(),
          })),
        ),
      });
    },

    /**
     * Several payouts' changes (a batched step, decision 43): one `update … from (values …)` for
     * the changes that set the same columns, so a batch of one kind of change is one statement.
     */
    async updateMany(
      ex: Executor,
      list: readonly { id: string; changes: TransferPayoutChanges }[],
      at: Date,
    ): Promise<void> {
      const groups = new Map<string, { id: string; changes: TransferPayoutChanges }[]>();
      for (const one of list) {
        const key = Object.keys(one.changes).sort().join(',');
        groups.set(key, [...(groups.get(key) ?? []), one]);
      }
      for (const group of groups.values()) {
        await updateManyStatement.run(ex, {
          changes: JSON.stringify(
            group.map(({ id, changes }) => {
              const row: Record<string, unknown> = { id };
              for (const column of BATCH_COLUMN_NAMES) {
                if (!(column in changes)) continue;
                row[`${column}_set`] = true;
                row[column] = sqlValue(changes[column]);
              }
              return row;
            }),
          ),
          at: at.toISOString(),
        });
      }
    },

    async update(
      ex: Executor,
      id: string,
      changes: TransferPayoutChanges,
      at: Date,
    ): Promise<TransferPayoutRow> {
      const [row] = await ex
        .update(payouts)
        .set({ ...changes, updated_at: at })
        .where(eq(payouts.id, id))
        .returning();
      if (!row) throw new Error(`payout ${id} vanished under its lock`);
      return row;
    },
  };
}

export type TransferPayoutsRepository = ReturnType<typeof createTransferPayoutsRepository>;
