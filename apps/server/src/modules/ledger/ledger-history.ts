import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/executor.ts';
import type { KeptSums } from './ledger-balances.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.schema.ts';

/**
 * What `ledger:check` reads (docs/product/sending-money.md#invariants): the balances summed from
 * the whole history of postings, beside the ones the accounts keep, so the check proves the kept
 * ones from the history rather than trusting them. Full scans: never on the write path.
 */

export type Side = 'debit' | 'credit';

/** An account's sums in minor units from its postings, and the sums its row keeps. */
export interface AccountSums extends KeptSums {
  account: string;
  currency: string;
  signRule: string;
  kept: KeptSums;
}

const settlement = alias(ledgerEntries, 'settlement');

/** A posting counts as posted when its entry was posted at once, or its pending entry later. */
const isPosted = sql`(${ledgerEntries.phase} = 'posted' or ${settlement.phase} = 'post')`;
const isPending = sql`(${ledgerEntries.phase} = 'pending' and ${settlement.id} is null)`;
const sumWhere = (side: Side, status: typeof isPosted) =>
  sql<string>`coalesce(sum(${ledgerPostings.amount}) filter (where ${ledgerPostings.side} = ${side} and ${status}), 0)::text`;

export function createLedgerHistory() {
  return {
    /** The summed and kept sums of the accounts named (every account when `ids` is null). */
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
          kept: {
            postedDebits: ledgerAccounts.debits_posted,
            postedCredits: ledgerAccounts.credits_posted,
            pendingDebits: ledgerAccounts.debits_pending,
            pendingCredits: ledgerAccounts.credits_pending,
          },
        })
        .from(ledgerAccounts)
        .leftJoin(ledgerPostings, eq(ledgerPostings.account_id, ledgerAccounts.id))
        .leftJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entry_id))
        .leftJoin(settlement, eq(settlement.pending_id, ledgerEntries.id))
        .where(ids === null ? undefined : inArray(ledgerAccounts.id, [...ids]))
        .groupBy(ledgerAccounts.id)
        .orderBy(asc(ledgerAccounts.id));
      return rows.map((row) => ({
        account: row.account,
        currency: row.currency,
        signRule: row.signRule,
        postedDebits: BigInt(row.postedDebits),
        postedCredits: BigInt(row.postedCredits),
        pendingDebits: BigInt(row.pendingDebits),
        pendingCredits: BigInt(row.pendingCredits),
        kept: row.kept,
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
  };
}
