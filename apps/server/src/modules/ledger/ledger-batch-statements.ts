import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonRows } from '../../db/json-lists.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import type { LedgerAccount } from './ledger-accounts.ts';
import type { StoredEntry, StoredPosting } from './ledger.repository.ts';

/**
 * The ledger's set-based writes (docs/decisions/0043-batched-steps.md) as fixed texts: their rows
 * travel as one JSON text each, so a statement's text is the same whatever the batch's size and
 * it is prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 * Amounts travel as decimal strings (exact past 2^53); times as ISO texts; `at` keeps the order
 * given, as the lists of values did.
 */

const placeholder = (name: string) => sql`${sql.placeholder(name)}::jsonb`;

const createAccountsStatement = preparedSql(
  'ledger_create_accounts',
  sql`insert into "ledger_accounts" ("id", "currency", "sign_rule", "created_at")
    select "a"."id", "a"."currency", "a"."sign_rule", "a"."created_at"
    from jsonb_to_recordset(${placeholder('accounts')}) as "a"
      ("at" int, "id" text, "currency" char(3), "sign_rule" text, "created_at" timestamptz)
    order by "a"."at"
    on conflict do nothing`,
  'each call',
);

const insertEntriesStatement = preparedSql<{ entry_id: string }>(
  'ledger_insert_entries',
  sql`with "entry" as (
      insert into "ledger_entries"
        ("id", "transaction_id", "event", "phase", "pending_id", "timeout_at", "created_at")
      select "e"."id", "e"."transaction_id", "e"."event", "e"."phase", null, "e"."timeout_at",
        "e"."created_at"
      from jsonb_to_recordset(${placeholder('entries')}) as "e"
        ("at" int, "id" uuid, "transaction_id" text, "event" text, "phase" text,
         "timeout_at" timestamptz, "created_at" timestamptz)
      order by "e"."at"
      on conflict do nothing
      returning "id"
    )
    insert into "ledger_postings" ("entry_id", "account_id", "currency", "side", "amount")
    select "entry"."id", "p"."account_id", "p"."currency", "p"."side", "p"."amount"
    from "entry"
    join jsonb_to_recordset(${placeholder('postings')}) as "p"
      ("at" int, "entry_id" uuid, "account_id" text, "currency" char(3), "side" text,
       "amount" bigint)
      on "p"."entry_id" = "entry"."id"
    order by "p"."at"
    returning "entry_id"`,
  'each call',
);

/**
 * The pending entries are named as an array too, so they are read by primary key: joined to the
 * rows alone, planned at the function's default 100 rows, PostgreSQL scanned every entry
 * (docs/decisions/0061-batch-statements-planned-each-call.md).
 */
const insertSettlementsStatement = preparedSql<{ id: string }>(
  'ledger_insert_settlements',
  sql`with "v" as (
      select * from jsonb_to_recordset(${placeholder('settlements')}) as "s"
        ("at" int, "id" uuid, "transaction_id" text, "event" text, "phase" text,
         "pending_id" uuid, "created_at" timestamptz)
    )
    insert into "ledger_entries"
      ("id", "transaction_id", "event", "phase", "pending_id", "timeout_at", "created_at")
    select "v"."id", "v"."transaction_id", "v"."event", "v"."phase", "p"."id", null,
      "v"."created_at"
    from "v"
    join "ledger_entries" as "p" on "p"."id" = "v"."pending_id"
    where "p"."id" = any(array(select "pending_id" from "v"))
      and "p"."phase" = 'pending'
      and ("v"."phase" <> 'post' or "p"."timeout_at" is null or "p"."timeout_at" > "v"."created_at")
    order by "v"."at"
    on conflict do nothing
    returning "id"`,
  'each call',
);

/** Creates the accounts not created yet, in the order given (the caller sorts them by id). */
export async function insertAccounts(
  ex: Executor,
  list: readonly LedgerAccount[],
  now: Date,
): Promise<void> {
  await createAccountsStatement.run(ex, {
    accounts: jsonRows(list, (account) => ({
      id: account.id,
      currency: account.currency,
      sign_rule: account.signRule,
      created_at: now.toISOString(),
    })),
  });
}

/** New entries with their postings; an entry whose id is taken is not written. The ids written. */
export async function insertEntryRows(
  ex: Executor,
  entries: readonly { entry: StoredEntry; postings: readonly StoredPosting[] }[],
): Promise<Set<string>> {
  const postings = entries.flatMap(({ entry, postings: list }) =>
    list.map((posting) => ({
      entry_id: entry.id,
      account_id: posting.account,
      currency: posting.currency,
      side: posting.side,
      amount: posting.amount.toString(),
    })),
  );
  const result = await insertEntriesStatement.run(ex, {
    entries: jsonRows(entries, ({ entry }) => ({
      id: entry.id,
      transaction_id: entry.transactionId,
      event: entry.event,
      phase: entry.phase,
      timeout_at: entry.timeoutAt?.toISOString() ?? null,
      created_at: entry.createdAt.toISOString(),
    })),
    postings: jsonRows(postings, (posting) => posting),
  });
  return new Set(result.rows.map((row) => row.entry_id));
}

/** Settlement rows of pending entries (only of a pending one, a post only in time, once). */
export async function insertSettlementRows(
  ex: Executor,
  entries: readonly (StoredEntry & { pendingId: string })[],
): Promise<Set<string>> {
  const result = await insertSettlementsStatement.run(ex, {
    settlements: jsonRows(entries, (entry) => ({
      id: entry.id,
      transaction_id: entry.transactionId,
      event: entry.event,
      phase: entry.phase,
      pending_id: entry.pendingId,
      created_at: entry.createdAt.toISOString(),
    })),
  });
  return new Set(result.rows.map((row) => row.id));
}
