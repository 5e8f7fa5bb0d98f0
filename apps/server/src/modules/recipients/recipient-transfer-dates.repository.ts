import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { recipientColumns as columns, type RecipientRow } from './recipient-row.ts';
import { recipients } from './recipients.schema.ts';

/**
 * A recipient's transfer dates (`transaction_summary`): what confirm writes of the recipients'
 * table, one transfer or a group's. Part of the recipients repository.
 */

/** drizzle maps no value given in `sql`: the transfer's time is an ISO text, cast. */
const transferAt = sql`${sql.placeholder('at')}::timestamptz`;

/**
 * A transfer to the recipient was made at `at` (confirm's transaction, every transfer): prepared
 * once a connection (docs/decisions/0052-statements-prepared-in-transactions.md). Read back as it
 * now is: the transfer's answer shows it (no read after).
 */
const recordTransferStatement = preparedStatement('recipient_record_transfer', (ex, name) =>
  ex
    .update(recipients)
    .set({
      first_transaction_at: sql`coalesce(${recipients.first_transaction_at}, ${transferAt})`,
      recent_transaction_at: sql`greatest(${recipients.recent_transaction_at}, ${transferAt})`,
    })
    .where(
      and(
        eq(recipients.id, sql.placeholder('recipient')),
        eq(recipients.customer_id, sql.placeholder('customer')),
      ),
    )
    .returning(columns)
    .prepare(name),
);

/** `recordTransfers`' statement: the pairs as one JSON text, one text whatever the group. */
const recordTransfersStatement = preparedStatement(
  'recipient_record_transfers',
  (ex, name) =>
    ex
      .update(recipients)
      .set({
        first_transaction_at: sql`coalesce(${recipients.first_transaction_at}, ${transferAt})`,
        recent_transaction_at: sql`greatest(${recipients.recent_transaction_at}, ${transferAt})`,
      })
      .from(
        sql`jsonb_to_recordset(${sql.placeholder('made')}::jsonb) as "made" ("made_recipient" uuid, "made_customer" uuid)`,
      )
      .where(
        and(
          eq(recipients.id, sql`"made"."made_recipient"`),
          eq(recipients.customer_id, sql`"made"."made_customer"`),
        ),
      )
      .returning(columns)
      .prepare(name),
  'each call',
);

/**
 * A transfer to the recipient was made at `at`: its first transfer's time is kept, its most
 * recent one moves on (`transaction_summary`). Answers the row as it now is.
 */
export async function recordTransfer(
  ex: Executor,
  customerId: string,
  recipientId: string,
  at: Date,
): Promise<RecipientRow | undefined> {
  const [row] = await recordTransferStatement.run(ex, {
    recipient: recipientId,
    customer: customerId,
    at: at.toISOString(),
  });
  return row;
}

/**
 * Transfers made at `at` to several recipients in ONE statement (grouped confirm), as
 * `recordTransfer` records one; each recipient once. Answers the rows as they now are.
 */
export async function recordTransfers(
  ex: Executor,
  made: readonly { customerId: string; recipientId: string }[],
  at: Date,
): Promise<RecipientRow[]> {
  const pairs = [
    ...new Map(made.map((pair) => [`${pair.customerId}:${pair.recipientId}`, pair])).values(),
  ];
  if (pairs.length === 0) return [];
  return recordTransfersStatement.run(ex, {
    made: JSON.stringify(
      pairs.map(({ customerId, recipientId }) => ({
        made_recipient: recipientId,
        made_customer: customerId,
      })),
    ),
    at: at.toISOString(),
  });
}
