import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';
import { currencies } from '../payouts/payouts.schema.ts';

/**
 * The double-entry ledger (docs/decisions/0037-the-ledger.md, 0041). Entries and postings are
 * append-only: the migrations' triggers refuse UPDATE, DELETE and TRUNCATE. An account's row
 * keeps its balance, the sums of its postings, which only the ledger's writer moves, in the
 * transaction that adds the postings; `ledger:check` proves them equal to the postings' sums.
 */

/** An account's kept sums: debits and credits, posted and pending (minor units, never below 0). */
const keptSum = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/**
 * An account per currency, named by its path (`customer:{id}:GBP`), created on first use. A
 * recording updates its balance columns in id order, which also locks the rows (decision 0041);
 * every other column is fixed once written (a trigger refuses an UPDATE naming one).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** The path, whose last segment is the currency. */
    id: text('id').primaryKey(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.iso_alpha),
    /** Which balance may not go below zero: 'credit' (customer, transit) or 'none'. */
    sign_rule: text('sign_rule').notNull(),
    created_at: at('created_at').notNull(),
    /** Postings of entries posted at once, or pending and then posted. */
    debits_posted: keptSum('debits_posted'),
    credits_posted: keptSum('credits_posted'),
    /** Postings of pending entries neither posted nor voided yet. */
    debits_pending: keptSum('debits_pending'),
    credits_pending: keptSum('credits_pending'),
  },
  (table) => [
    // The postings' (account, currency) foreign key names this pair.
    unique('ledger_accounts_id_currency_unique').on(table.id, table.currency),
    check('ledger_accounts_sign_rule', sql`${table.sign_rule} in ('credit', 'none')`),
    check(
      'ledger_accounts_sums_not_negative',
      sql`${table.debits_posted} >= 0 and ${table.credits_posted} >= 0 and ${table.debits_pending} >= 0 and ${table.credits_pending} >= 0`,
    ),
    // The sign rule, held by the database itself: a customer's or transit account's available
    // balance (posted credits − posted debits − pending debits) is never below zero.
    check(
      'ledger_accounts_credit_available',
      sql`${table.sign_rule} <> 'credit' or ${table.credits_posted} - ${table.debits_posted} - ${table.debits_pending} >= 0`,
    ),
  ],
);

/**
 * An entry: its id is derived from its cause (`transaction_id` + `event`), so the same cause
 * recorded twice is one row. `phase` is 'posted' (final at once) or 'pending' (reserved); a
 * pending entry is settled by a later row, 'post' or 'void', naming it in `pending_id`, which is
 * unique: settled once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transaction_id: text('transaction_id').notNull(),
    event: text('event').notNull(),
    phase: text('phase').notNull(),
    /** The pending entry a 'post' or 'void' settles. */
    pending_id: uuid('pending_id'),
    /** A pending entry's deadline: past it, it can only be voided. */
    timeout_at: at('timeout_at'),
    created_at: at('created_at').notNull(),
  },
  (table) => [
    foreignKey({ columns: [table.pending_id], foreignColumns: [table.id] }),
    uniqueIndex('ledger_entries_cause_unique').on(table.transaction_id, table.event),
    uniqueIndex('ledger_entries_pending_id_unique').on(table.pending_id),
    // The sweep of expired pending entries reads only the entries that carry a timeout.
    index('ledger_entries_timeout_idx')
      .on(table.timeout_at)
      .where(sql`${table.timeout_at} is not null`),
    check('ledger_entries_phase', sql`${table.phase} in ('posted', 'pending', 'post', 'void')`),
    check(
      'ledger_entries_settles_a_pending',
      sql`(${table.phase} in ('post', 'void')) = (${table.pending_id} is not null)`,
    ),
    check(
      'ledger_entries_timeout_only_pending',
      sql`${table.timeout_at} is null or ${table.phase} = 'pending'`,
    ),
  ],
);

/**
 * A posting: an amount in minor units on one side of one account. An entry's postings balance
 * per currency (the service refuses an entry otherwise; `ledger:check` proves it of the table).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    entry_id: uuid('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    account_id: text('account_id').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    side: text('side').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    // A posting's currency is its account's.
    foreignKey({
      columns: [table.account_id, table.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    // The balance of an account reads its postings, and only those (the index plan, 0037).
    index('ledger_postings_account_idx').on(table.account_id, table.entry_id),
    index('ledger_postings_entry_idx').on(table.entry_id),
    check('ledger_postings_side', sql`${table.side} in ('debit', 'credit')`),
    check('ledger_postings_amount_positive', sql`${table.amount} > 0`),
  ],
);
