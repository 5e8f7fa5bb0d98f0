import { and, desc, eq, gte, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { confirmFactsMany } from './confirm-facts-many.repository.ts';
import { COUNTING_STATES, FINISHED_STATES } from './transfer-state-sets.ts';
import { transactions } from './transfers.schema.ts';

/**
 * What other use cases ask of a customer's transfers as a whole (docs/product/sending-money.md#limits,
 * #refusals): what was sent in a window, a likely duplicate, which are finished, whether any
 * exist, whose one is. Part of the transfers repository.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Newest first; the id breaks ties. */
const newestFirst = [desc(transactions.created_at), desc(transactions.id)];

type TransactionRow = typeof transactions.$inferSelect;

/** `byIds`' statement, one text whatever the batch (docs/decisions/0052-statements-prepared-in-transactions.md). */
const byIdsStatement = preparedStatement(
  'transfers_by_ids',
  (ex, name) =>
    ex
      .select()
      .from(transactions)
      .where(sql`${transactions.id} = any(${jsonList('ids', 'uuid')})`)
      .prepare(name),
  'each call',
);

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
      const rows = await byIdsStatement.run(ex, { ids: JSON.stringify(transactionIds) });
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

    confirmFactsMany,

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
