import type { TransactionStateCode } from '@corridor/contracts';
import { and, desc, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import { TRANSACTION_STATES, countsTowardLimits } from './transaction-states.ts';
import { transactions } from './transfers.schema.ts';

/**
 * What other use cases ask of a customer's transfers as a whole (docs/product/sending-money.md#limits,
 * #refusals): what was sent in a window, a likely duplicate, which are finished, whether any
 * exist, whose one is. Part of the transfers repository.
 */

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first; the id breaks ties. */
const newestFirst = [desc(transactions.created_at), desc(transactions.id)];

type TransactionRow = typeof transactions.$inferSelect;

/**
 * The sums of what a customer sent in `currency` since each moment of `since` (send amounts, not
 * fees; COUNTING_STATES only), as one row's columns, and the filter of the one scan that makes them.
 */
function sentSums<K extends string>(customerId: string, currency: string, since: Record<K, Date>) {
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
  const where = and(
    eq(transactions.customer_id, customerId),
    eq(transactions.send_currency, currency),
    gte(transactions.created_at, earliest),
    inArray(transactions.state, COUNTING_STATES),
  );
  const read = (row: Partial<Record<K, string>> | undefined) =>
    Object.fromEntries(keys.map((key) => [key, BigInt(row?.[key] ?? '0')])) as Record<K, bigint>;
  return { sums, where, read };
}

/** What confirm asks of one customer's transfers, one confirm of a group (`confirmFactsMany`). */
export interface ConfirmFactsAsked {
  customerId: string;
  quoteId: string;
  currency: string;
  /** Null: the quote names no recipient, and no twin is looked for. */
  recipientId: string | null;
  sendMinor: bigint;
}

/** What `confirmFactsMany` answers for one confirm, as `confirmFacts` reads it alone. */
export interface ConfirmFactsFound {
  existingId: string | null;
  sent: { last_24_hours: bigint; last_30_days: bigint; last_180_days: bigint };
  /** The likely twin, with its time: a group compares it with the transfers it made itself. */
  twin: { id: string; at: Date } | null;
}

/**
 * `confirmFacts` for every confirm of a group in ONE statement (docs/decisions/0058-grouped-requests.md):
 * the confirms travel as one JSON text, so the statement's text never changes and it is prepared
 * once a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
const confirmFactsManyStatement = preparedSql<{
  existing: string | null;
  last_24_hours: string;
  last_30_days: string;
  last_180_days: string;
  twin_id: string | null;
  twin_at: string | null;
}>(
  'transfer_confirm_facts_many',
  sql`
    select
      (select "t"."id" from "transactions" as "t" where "t"."quote_id" = "v"."quote_id") as "existing",
      "s"."last_24_hours", "s"."last_30_days", "s"."last_180_days",
      "w"."id" as "twin_id",
      to_char("w"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "twin_at"
    from jsonb_to_recordset(${sql.placeholder('asked')}::jsonb) as "v"
      ("at" int, "customer_id" uuid, "quote_id" uuid, "currency" text, "recipient_id" uuid, "send_minor" bigint)
    cross join lateral (
      select
        coalesce(sum("t"."send_minor") filter (where "t"."created_at" >= ${sql.placeholder('last_24_hours')}::timestamptz), 0)::text as "last_24_hours",
        coalesce(sum("t"."send_minor") filter (where "t"."created_at" >= ${sql.placeholder('last_30_days')}::timestamptz), 0)::text as "last_30_days",
        coalesce(sum("t"."send_minor") filter (where "t"."created_at" >= ${sql.placeholder('last_180_days')}::timestamptz), 0)::text as "last_180_days"
      from "transactions" as "t"
      where "t"."customer_id" = "v"."customer_id" and "t"."send_currency" = "v"."currency"
        and "t"."created_at" >= least(${sql.placeholder('last_24_hours')}::timestamptz, ${sql.placeholder('last_30_days')}::timestamptz, ${sql.placeholder('last_180_days')}::timestamptz)
        and "t"."state" in (${sql.join(
          COUNTING_STATES.map((state) => sql`${state}`),
          sql`, `,
        )})
    ) as "s"
    left join lateral (
      select "t"."id", "t"."created_at" from "transactions" as "t"
      where "t"."customer_id" = "v"."customer_id" and "t"."recipient_id" = "v"."recipient_id"
        and "t"."send_currency" = "v"."currency" and "t"."send_minor" = "v"."send_minor"
        and "t"."created_at" >= ${sql.placeholder('twin_since')}::timestamptz
        and "t"."state" not in (${sql.join(
          [...FINISHED_STATES, 'PAYOUT-FAILED'].map((state) => sql`${state}`),
          sql`, `,
        )})
      order by "t"."created_at" desc, "t"."id" desc limit 1
    ) as "w" on true
    order by "v"."at"`,
);

export function createTransferFactsRepository() {
  return {
    /** A transfer by id without a lock (a job's read before it asks a partner), or undefined. */
    async byId(ex: Executor, transactionId: string): Promise<TransactionRow | undefined> {
      const [row] = await ex.select().from(transactions).where(eq(transactions.id, transactionId));
      return row;
    },

    /** Several transfers by id without a lock, in one statement (a batch's read, decision 43). */
    async byIds(
      ex: Executor,
      transactionIds: readonly string[],
    ): Promise<Map<string, TransactionRow>> {
      if (transactionIds.length === 0) return new Map();
      const rows = await ex
        .select()
        .from(transactions)
        .where(inArray(transactions.id, [...transactionIds]));
      return new Map(rows.map((row) => [row.id, row]));
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
      const { sums, where, read } = sentSums(customerId, currency, since);
      const [found] = await ex.select(sums).from(transactions).where(where);
      return read(found as Partial<Record<K, string>> | undefined);
    },

    /**
     * What the customer whose id is `customerId` sent since `since`, by send currency (minor
     * units as text), counting as `sentSince` does: one SQL value (a JSON object, null for
     * nothing) for another module's query (the customer resource's source of funds).
     */
    sentByCurrencyJson(customerId: SQL, since: SQL): SQL<unknown> {
      const where = and(
        eq(transactions.customer_id, customerId),
        gte(transactions.created_at, since),
        inArray(transactions.state, COUNTING_STATES),
      );
      return sql`(select json_object_agg(sent.currency, sent.total) from (select ${transactions.send_currency} as currency, sum(${transactions.send_minor})::text as total from ${transactions} where ${where} group by ${transactions.send_currency}) sent)`;
    },

    /**
     * What confirm checks of the customer's transfers, in one statement: the transfer this quote
     * already is, what was sent in `currency` since each moment (as `sentSince` counts), and
     * with `twin`, the likely duplicate (as `recentTwin` finds it).
     */
    async confirmFacts<K extends string>(
      ex: Executor,
      facts: {
        customerId: string;
        quoteId: string;
        currency: string;
        since: Record<K, Date>;
        twin?: { recipientId: string; sendMinor: bigint; since: Date };
      },
    ): Promise<{ existingId: string | null; sent: Record<K, bigint>; twinId: string | null }> {
      const { customerId, currency, since, twin } = facts;
      const { sums, where, read } = sentSums(customerId, currency, since);
      const twinOf = twin
        ? sql<string | null>`(select ${transactions.id} from ${transactions} where ${and(
            eq(transactions.customer_id, customerId),
            eq(transactions.recipient_id, twin.recipientId),
            eq(transactions.send_currency, currency),
            eq(transactions.send_minor, twin.sendMinor),
            gte(transactions.created_at, twin.since),
            notInArray(transactions.state, [...FINISHED_STATES, 'PAYOUT-FAILED']),
          )} order by ${transactions.created_at} desc, ${transactions.id} desc limit 1)`
        : sql<string | null>`null`;
      // One aggregate row whatever matches; the subqueries name their own transactions.
      const [found] = await ex
        .select({
          sums,
          existing: sql<
            string | null
          >`(select ${transactions.id} from ${transactions} where ${eq(transactions.quote_id, facts.quoteId)})`,
          twin: twinOf,
        })
        .from(transactions)
        .where(where);
      return {
        existingId: found?.existing ?? null,
        sent: read(found?.sums),
        twinId: found?.twin ?? null,
      };
    },

    /**
     * `confirmFacts` for each confirm of a group, in ONE statement, in the order asked: the
     * transfer its quote already is, what its customer sent in its currency since each rolling
     * window's start, and (with a recipient) its likely twin since `twinSince`.
     */
    async confirmFactsMany(
      ex: Executor,
      asked: readonly ConfirmFactsAsked[],
      since: { last_24_hours: Date; last_30_days: Date; last_180_days: Date },
      twinSince: Date,
    ): Promise<ConfirmFactsFound[]> {
      if (asked.length === 0) return [];
      const result = await confirmFactsManyStatement.run(ex, {
        asked: JSON.stringify(
          asked.map((one, at) => ({
            at,
            customer_id: one.customerId,
            quote_id: one.quoteId,
            currency: one.currency,
            recipient_id: one.recipientId,
            send_minor: one.sendMinor.toString(),
          })),
        ),
        last_24_hours: since.last_24_hours.toISOString(),
        last_30_days: since.last_30_days.toISOString(),
        last_180_days: since.last_180_days.toISOString(),
        twin_since: twinSince.toISOString(),
      });
      if (result.rows.length !== asked.length) {
        throw new Error(`confirm facts: ${asked.length} asked, ${result.rows.length} read`);
      }
      return result.rows.map((row) => ({
        existingId: row.existing,
        sent: {
          last_24_hours: BigInt(row.last_24_hours),
          last_30_days: BigInt(row.last_30_days),
          last_180_days: BigInt(row.last_180_days),
        },
        twin:
          row.twin_id === null || row.twin_at === null
            ? null
            : { id: row.twin_id, at: new Date(row.twin_at) },
      }));
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
          and(inArray(transactions.id, ids), inArray(transactions.state, [...FINISHED_STATES])),
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
