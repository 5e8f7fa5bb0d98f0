import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.ts';
import type { LedgerAccount } from './ledger-accounts.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.schema.ts';

export type Side = 'debit' | 'credit';
export type EntryPhase = 'posted' | 'pending' | 'post' | 'void';

export interface StoredPosting {
  account: string;
  currency: string;
  side: Side;
  amount: bigint;
}

export interface StoredEntry {
  id: string;
  transactionId: string;
  event: string;
  phase: EntryPhase;
  pendingId: string | null;
  timeoutAt: Date | null;
  createdAt: Date;
}

/** An account's sums in minor units: posted, and still pending (neither posted nor voided). */
export interface AccountSums {
  account: string;
  currency: string;
  signRule: string;
  postedDebits: bigint;
  postedCredits: bigint;
  pendingDebits: bigint;
  pendingCredits: bigint;
}

const settlement = alias(ledgerEntries, 'settlement');

/** A posting counts as posted when its entry was posted at once, or its pending entry later. */
const isPosted = sql`(${ledgerEntries.phase} = 'posted' or ${settlement.phase} = 'post')`;
const isPending = sql`(${ledgerEntries.phase} = 'pending' and ${settlement.id} is null)`;
const sumWhere = (side: Side, status: typeof isPosted) =>
  sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.side} = ${side} and ${status}), 0)::text`;

const asEntry = (row: typeof ledgerEntries.$inferSelect): StoredEntry => ({
  id: row.id,
  transactionId: row.transaction_id,
  event: row.event,
  phase: row.phase as EntryPhase,
  pendingId: row.pending_id,
  timeoutAt: row.timeout_at,
  createdAt: row.created_at,
});

/**
 * The ledger's rows, only ever added (the migration's triggers refuse the rest). Balances are
 * sums over an account's postings (the index on account_id), never stored.
 */
export function createLedgerRepository() {
  return {
    /** Creates the accounts not created yet; an existing one is kept as it is. */
    async ensureAccounts(ex: Executor, list: readonly LedgerAccount[], now: Date): Promise<void> {
      if (list.length === 0) return;
      await ex
        .insert(ledgerAccounts)
        .values(
          list.map((account) => ({
            id: account.id,
            currency: account.currency,
            sign_rule: account.signRule,
            created_at: now,
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * Locks the accounts' rows in id order, the one order every recording takes them in, so two
     * recordings never wait on each other crosswise; held until the caller's transaction ends.
     */
    async lockAccounts(ex: Executor, ids: readonly string[]): Promise<void> {
      if (ids.length === 0) return;
      await ex
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, [...ids]))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
    },

    async findEntry(ex: Executor, id: string): Promise<StoredEntry | undefined> {
      const [row] = await ex.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
      return row ? asEntry(row) : undefined;
    },

    /** The 'post' or 'void' row of a pending entry, if it was settled. */
    async findSettlement(ex: Executor, pendingId: string): Promise<StoredEntry | undefined> {
      const [row] = await ex
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.pending_id, pendingId));
      return row ? asEntry(row) : undefined;
    },

    async postingsOf(ex: Executor, entryId: string): Promise<StoredPosting[]> {
      const rows = await ex
        .select()
        .from(ledgerPostings)
        .where(eq(ledgerPostings.entry_id, entryId))
        .orderBy(asc(ledgerPostings.id));
      return rows.map((row) => ({
        account: row.account_id,
        currency: row.currency,
        side: row.side as Side,
        amount: row.amount,
      }));
    },

    async insertEntry(
      ex: Executor,
      entry: StoredEntry,
      postings: readonly StoredPosting[],
    ): Promise<void> {
      await ex.insert(ledgerEntries).values({
        id: entry.id,
        transaction_id: entry.transactionId,
        event: entry.event,
        phase: entry.phase,
        pending_id: entry.pendingId,
        timeout_at: entry.timeoutAt,
        created_at: entry.createdAt,
      });
      if (postings.length === 0) return;
      await ex.insert(ledgerPostings).values(
        postings.map((posting) => ({
          entry_id: entry.id,
          account_id: posting.account,
          currency: posting.currency,
          side: posting.side,
          amount: posting.amount,
        })),
      );
    },

    /** The sums of the accounts named (every account when `ids` is null). */
    async sums(ex: Executor, ids: readonly string[] | null): Promise<AccountSums[]> {
      if (ids !== null && ids.length === 0) return [];
      const rows = await ex
        .select({
          account: ledgerAccounts.id,
          currency: ledgerAccounts.currency,
          signRule: ledgerAccounts.sign_rule,
          postedDebits: sumWhere('debit', isPosted),
          postedCredits: sumWhere('credit', isPosted),
          pendingDebits: sumWhere('debit', isPending),
          pendingCredits: sumWhere('credit', isPending),
        })
        .from(ledgerAccounts)
        .leftJoin(ledgerPostings, eq(ledgerPostings.account_id, ledgerAccounts.id))
        .leftJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entry_id))
        .leftJoin(settlement, eq(settlement.pending_id, ledgerEntries.id))
        .where(ids === null ? undefined : inArray(ledgerAccounts.id, [...ids]))
        .groupBy(ledgerAccounts.id, ledgerAccounts.currency, ledgerAccounts.sign_rule)
        .orderBy(asc(ledgerAccounts.id));
      return rows.map((row) => ({
        account: row.account,
        currency: row.currency,
        signRule: row.signRule,
        postedDebits: BigInt(row.postedDebits),
        postedCredits: BigInt(row.postedCredits),
        pendingDebits: BigInt(row.pendingDebits),
        pendingCredits: BigInt(row.pendingCredits),
      }));
    },

    /** Entries whose postings do not sum to zero in a currency: debits − credits, per currency. */
    async unbalancedEntries(
      ex: Executor,
    ): Promise<{ entryId: string; currency: string; difference: bigint }[]> {
      const difference = sql<string>`sum(case when ${ledgerPostings.side} = 'debit' then ${ledgerPostings.amount} else -${ledgerPostings.amount} end)`;
      const rows = await ex
        .select({
          entryId: ledgerPostings.entry_id,
          currency: ledgerPostings.currency,
          difference: sql<string>`${difference}::text`,
        })
        .from(ledgerPostings)
        .groupBy(ledgerPostings.entry_id, ledgerPostings.currency)
        .having(sql`${difference} <> 0`)
        .orderBy(asc(ledgerPostings.entry_id), asc(ledgerPostings.currency));
      return rows.map((row) => ({ ...row, difference: BigInt(row.difference) }));
    },

    /** Every read of the transaction sees one snapshot (its first statement; ledger:check). */
    async readOneSnapshot(tx: Executor): Promise<void> {
      await tx.execute(sql`set transaction isolation level repeatable read`);
    },

    /** Pending entries past their timeout and never settled. */
    async expiredPending(ex: Executor, now: Date, limit: number): Promise<StoredEntry[]> {
      const rows = await ex
        .select({ entry: ledgerEntries })
        .from(ledgerEntries)
        .leftJoin(settlement, eq(settlement.pending_id, ledgerEntries.id))
        .where(
          and(
            eq(ledgerEntries.phase, 'pending'),
            lte(ledgerEntries.timeout_at, now),
            isNull(settlement.id),
          ),
        )
        .orderBy(asc(ledgerEntries.timeout_at))
        .limit(limit);
      return rows.map((row) => asEntry(row.entry));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
