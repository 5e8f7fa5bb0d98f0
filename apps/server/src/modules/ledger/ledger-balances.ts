import { eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import { violatedConstraint } from '../../errors/constraint-violations.ts';
import { ledgerAccounts } from './ledger.schema.ts';

/**
 * The balances kept on the accounts' rows (docs/decisions/0041-balances-on-accounts.md): each
 * recording or settlement moves them in ONE statement for all its accounts, which first locks
 * their rows in id order (every writer's one order, so two never wait on each other crosswise)
 * and then adds to the sums. The database's CHECKs hold the sign rule on the row it writes.
 */

/** What an entry adds to one account: its debits and credits in minor units (each ≥ 0). */
export interface AccountMovement {
  account: string;
  debits: bigint;
  credits: bigint;
}

/** An account's kept sums in minor units. */
export interface KeptSums {
  postedDebits: bigint;
  postedCredits: bigint;
  pendingDebits: bigint;
  pendingCredits: bigint;
}

/** The CHECK that refuses a credit-rule account whose available balance would go below zero. */
export const SIGN_RULE_CHECK = 'ledger_accounts_credit_available';

/** True for the database's refusal of a credit-rule account going below zero. */
export const isSignRuleRefusal = (error: unknown) => violatedConstraint(error) === SIGN_RULE_CHECK;

/**
 * Locks the accounts `moved` names, in id order, then applies `set` to them; answers how many
 * rows it changed. `moved` is a CTE of (id, debits, credits). The lock is its own materialized
 * CTE because an UPDATE takes rows in whatever order its plan visits them; under READ COMMITTED
 * the UPDATE then adds to the newest committed version of each row (the one it locked). It is
 * the UPDATE's own lock strength, `for no key update`: `for update` would also wait for the key
 * share the postings' foreign key took on the row, which two writers hold at once (deadlock).
 */
async function moveLocked(ex: Executor, moved: SQL, set: SQL): Promise<number> {
  const result = (await ex.execute(sql`
    with "moved" as (${moved}),
    "locked" as materialized (
      select "id" from "ledger_accounts"
      where "id" in (select "id" from "moved")
      order by "id"
      for no key update
    )
    update "ledger_accounts" as "a" set ${set}
    from "moved" as "m" join "locked" as "l" on "l"."id" = "m"."id"
    where "a"."id" = "m"."id"
    returning "a"."id"`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** A pending entry a batch settles: its postings leave the pending sums (into posted to post). */
export interface SettledPending {
  pendingId: string;
  outcome: 'post' | 'void';
}

/**
 * The accounts named, and those of the pending entries' postings, locked in id order with the
 * balance updates' own strength. The lists travel as JSON texts (one statement text, prepared
 * once a connection, on both databases) and are made arrays first, so that both lookups use
 * their index (`= any(array(…))`); compared as sets (`in (…)`), PostgreSQL scanned every account.
 */
const lockStatement = preparedSql<{ id: string }>(
  'ledger_lock_accounts',
  sql`select "id" from "ledger_accounts"
    where "id" = any(array(
      select jsonb_array_elements_text(${sql.placeholder('accounts')}::jsonb)
      union all
      select "account_id" from "ledger_postings"
      where "entry_id" = any(array(
        select jsonb_array_elements_text(${sql.placeholder('pending')}::jsonb)::uuid
      ))
    ))
    order by "id"
    for no key update`,
  'each call',
);

/**
 * A batch's balances (`moveBatch`): the new entries' movements and the settled pending entries
 * (their postings read here) travel as JSON texts, so the text is one whatever the batch and it
 * is prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 * The accounts are found as an array (`= any(array(…))`), for the reason `lockStatement`'s are;
 * each settled entry's postings by a lateral subquery (`offset 0` keeps it one: PostgreSQL does
 * not fold it into a join), whose only plan is the `entry_id` index: joined, on tables never
 * analysed (a new database), PostgreSQL scanned every posting
 * (docs/decisions/0061-batch-statements-planned-each-call.md).
 */
const moveBatchStatement = preparedSql<{ id: string }>(
  'ledger_move_batch',
  sql`with "moved" as (
      select "id", sum("dp")::bigint as "dp", sum("cp")::bigint as "cp",
        sum("dq")::bigint as "dq", sum("cq")::bigint as "cq"
      from (
        select "v"."id", "v"."dp", "v"."cp", "v"."dq", "v"."cq"
        from jsonb_to_recordset(${sql.placeholder('movements')}::jsonb) as "v"
          ("id" text, "dp" bigint, "cp" bigint, "dq" bigint, "cq" bigint)
        union all
        select "p"."account_id" as "id",
          case when "s"."post" and "p"."side" = 'debit' then "p"."amount" else 0 end as "dp",
          case when "s"."post" and "p"."side" = 'credit' then "p"."amount" else 0 end as "cp",
          case when "p"."side" = 'debit' then -"p"."amount" else 0 end as "dq",
          case when "p"."side" = 'credit' then -"p"."amount" else 0 end as "cq"
        from jsonb_to_recordset(${sql.placeholder('settled')}::jsonb) as "s"
          ("pending_id" uuid, "post" boolean)
        cross join lateral (
          select "account_id", "side", "amount" from "ledger_postings"
          where "entry_id" = "s"."pending_id" offset 0
        ) as "p"
      ) as "x"
      group by "id"
    ),
    "locked" as materialized (
      select "id" from "ledger_accounts"
      where "id" = any(array(select "id" from "moved"))
      order by "id"
      for no key update
    )
    update "ledger_accounts" as "a" set
      "debits_posted" = "a"."debits_posted" + "m"."dp",
      "credits_posted" = "a"."credits_posted" + "m"."cp",
      "debits_pending" = "a"."debits_pending" + "m"."dq",
      "credits_pending" = "a"."credits_pending" + "m"."cq"
    from "moved" as "m" join "locked" as "l" on "l"."id" = "m"."id"
    where "a"."id" = "m"."id"
    returning "a"."id"`,
  'each call',
);

export function createLedgerBalances() {
  return {
    /**
     * Locks the accounts a use case's ledger statements will move, all in one statement and in
     * id order (docs/decisions/0055-ledger-accounts-locked-first.md): `accounts` by id, and those
     * of the pending entries `pendingIds` names. Answers the ids locked.
     */
    async lockAccounts(
      ex: Executor,
      list: { accounts: readonly string[]; pendingIds: readonly string[] },
    ): Promise<string[]> {
      const result = await lockStatement.run(ex, {
        accounts: JSON.stringify(list.accounts),
        pending: JSON.stringify(list.pendingIds),
      });
      return result.rows.map((row) => row.id);
    },

    /**
     * A batch's balances in ONE statement (docs/decisions/0043-batched-steps.md): each account's
     * net movement, from the new entries' movements (`posted`, `pending`) and the postings of
     * the pending entries settled, added once; the rows locked in id order as every writer
     * does. Answers the ids of the accounts changed.
     */
    async moveBatch(
      ex: Executor,
      movements: {
        posted: readonly AccountMovement[];
        pending: readonly AccountMovement[];
        settled: readonly SettledPending[];
      },
    ): Promise<string[]> {
      const rows = [
        ...movements.posted.map((one) => ({
          id: one.account,
          dp: one.debits.toString(),
          cp: one.credits.toString(),
          dq: '0',
          cq: '0',
        })),
        ...movements.pending.map((one) => ({
          id: one.account,
          dp: '0',
          cp: '0',
          dq: one.debits.toString(),
          cq: one.credits.toString(),
        })),
      ];
      if (rows.length === 0 && movements.settled.length === 0) return [];
      const result = await moveBatchStatement.run(ex, {
        movements: JSON.stringify(rows),
        settled: JSON.stringify(
          movements.settled.map((one) => ({
            pending_id: one.pendingId,
            post: one.outcome === 'post',
          })),
        ),
      });
      return result.rows.map((row) => row.id);
    },

    /** Adds a new entry's postings to its accounts' posted or pending sums. */
    async addEntry(
      ex: Executor,
      phase: 'posted' | 'pending',
      movements: readonly AccountMovement[],
    ): Promise<number> {
      const rows = sql.join(
        movements.map(
          (one) =>
            sql`(${one.account}::text, ${one.debits.toString()}::bigint, ${one.credits.toString()}::bigint)`,
        ),
        sql`, `,
      );
      const [debits, credits] =
        phase === 'posted'
          ? [sql.raw('"debits_posted"'), sql.raw('"credits_posted"')]
          : [sql.raw('"debits_pending"'), sql.raw('"credits_pending"')];
      return moveLocked(
        ex,
        sql`select * from (values ${rows}) as "v" ("id", "debits", "credits")`,
        sql`${debits} = "a".${debits} + "m"."debits", ${credits} = "a".${credits} + "m"."credits"`,
      );
    },

    /**
     * Settles a pending entry's postings, read from the table: out of the pending sums, and into
     * the posted ones when it is posted (voided, they are simply gone).
     */
    async settleEntry(ex: Executor, pendingId: string, outcome: 'post' | 'void'): Promise<number> {
      const posted =
        outcome === 'post'
          ? sql`, "debits_posted" = "a"."debits_posted" + "m"."debits", "credits_posted" = "a"."credits_posted" + "m"."credits"`
          : sql``;
      return moveLocked(
        ex,
        sql`select "account_id" as "id",
            coalesce(sum("amount") filter (where "side" = 'debit'), 0)::bigint as "debits",
            coalesce(sum("amount") filter (where "side" = 'credit'), 0)::bigint as "credits"
          from "ledger_postings" where "entry_id" = ${pendingId}::uuid
          group by "account_id"`,
        sql`"debits_pending" = "a"."debits_pending" - "m"."debits", "credits_pending" = "a"."credits_pending" - "m"."credits"${posted}`,
      );
    },

    /** An account's kept sums and its row's facts; undefined for an account never used. */
    async kept(
      ex: Executor,
      account: string,
    ): Promise<(KeptSums & { currency: string; signRule: string }) | undefined> {
      const [row] = await ex
        .select({
          currency: ledgerAccounts.currency,
          signRule: ledgerAccounts.sign_rule,
          postedDebits: ledgerAccounts.debits_posted,
          postedCredits: ledgerAccounts.credits_posted,
          pendingDebits: ledgerAccounts.debits_pending,
          pendingCredits: ledgerAccounts.credits_pending,
        })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, account));
      return row;
    },
  };
}
