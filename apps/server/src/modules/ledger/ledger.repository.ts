import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.ts';
import type { LedgerAccount } from './ledger-accounts.ts';
import {
  insertAccounts,
  insertEntryRows,
  insertSettlementRows,
} from './ledger-batch-statements.ts';
import { createLedgerBalances } from './ledger-balances.ts';
import { createLedgerHistory, type Side } from './ledger-history.ts';
import { ledgerEntries, ledgerPostings } from './ledger.schema.ts';

export type { AccountSums, Side } from './ledger-history.ts';
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

const settlement = alias(ledgerEntries, 'settlement');

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
 * The ledger's rows (docs/decisions/0037-the-ledger.md, 0041). Entries and postings are only
 * ever added (the migrations' triggers refuse the rest); an account's row keeps its balance
 * (ledger-balances.ts). A new entry or settlement is one `insert … on conflict do nothing`
 * (ledger-batch-statements.ts, one text whatever the batch): no
 * row back means its cause was recorded before (or, for a settlement, that it may not be written),
 * and only then does the service read what is there.
 */
export function createLedgerRepository() {
  return {
    ...createLedgerBalances(),
    ...createLedgerHistory(),

    /**
     * Creates the accounts not created yet; an existing one is kept as it is. In id order, as
     * every lock on these rows is taken: two transactions creating the same new accounts would
     * otherwise each wait for a row the other inserted.
     */
    async createAccounts(ex: Executor, list: readonly LedgerAccount[], now: Date): Promise<void> {
      if (list.length === 0) return;
      const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      await insertAccounts(ex, sorted, now);
    },

    /**
     * Writes a new entry and its postings in one statement, unless an entry has its id (its
     * cause) already: then nothing is written and it answers false. A new entry settles nothing
     * (`insertSettlement` writes those), so it has no pending id.
     */
    async insertEntry(
      ex: Executor,
      entry: StoredEntry,
      postings: readonly StoredPosting[],
    ): Promise<boolean> {
      if (entry.pendingId !== null) throw new Error(`ledger: entry ${entry.id} is a settlement`);
      return (await insertEntryRows(ex, [{ entry, postings }])).size > 0;
    },

    /**
     * Writes the 'post' or 'void' row of a pending entry, only if that entry is pending and,
     * to post it, not past its timeout; the unique `pending_id` lets it be settled once. Answers
     * false when nothing was written: the service then reads why.
     */
    async insertSettlement(ex: Executor, entry: StoredEntry & { pendingId: string }) {
      return (await insertSettlementRows(ex, [entry])).size > 0;
    },

    /**
     * Writes new entries and their postings in ONE statement (a batch, decision 43); an entry
     * whose id is taken is not written. Answers the ids written.
     */
    async insertEntries(
      ex: Executor,
      entries: readonly { entry: StoredEntry; postings: readonly StoredPosting[] }[],
    ): Promise<Set<string>> {
      if (entries.length === 0) return new Set();
      return insertEntryRows(ex, entries);
    },

    /**
     * Writes settlement rows of pending entries in ONE statement, each as `insertSettlement`
     * would (only of a pending entry, a post only in time, once). Answers the ids written.
     */
    async insertSettlements(
      ex: Executor,
      entries: readonly (StoredEntry & { pendingId: string })[],
    ): Promise<Set<string>> {
      if (entries.length === 0) return new Set();
      return insertSettlementRows(ex, entries);
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
