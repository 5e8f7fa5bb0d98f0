import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedSql } from '../../db/prepared-statements.ts';
import { COUNTING_STATES, FINISHED_STATES } from './transfer-state-sets.ts';
import { jsonRows } from '../../db/json-lists.ts';

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
  'each call',
);

/**
 * `confirmFacts` for each confirm of a group, in ONE statement, in the order asked: the
 * transfer its quote already is, what its customer sent in its currency since each rolling
 * window's start, and (with a recipient) its likely twin since `twinSince`.
 */
export async function confirmFactsMany(
  ex: Executor,
  asked: readonly ConfirmFactsAsked[],
  since: { last_24_hours: Date; last_30_days: Date; last_180_days: Date },
  twinSince: Date,
): Promise<ConfirmFactsFound[]> {
  if (asked.length === 0) return [];
  const result = await confirmFactsManyStatement.run(ex, {
    asked: jsonRows(asked, (one) => ({
      customer_id: one.customerId,
      quote_id: one.quoteId,
      currency: one.currency,
      recipient_id: one.recipientId,
      send_minor: one.sendMinor.toString(),
    })),
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
}
