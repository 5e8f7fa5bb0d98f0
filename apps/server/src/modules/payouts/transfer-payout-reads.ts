import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { jsonList } from '../../db/json-lists.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { payouts } from './transfer-payouts.schema.ts';

export type TransferPayoutRow = typeof payouts.$inferSelect;

/** The transfers' ids as one JSON text: one text whatever their number (decision 52). */
export const ofTransfers = sql`${payouts.transaction_id} = any(${jsonList('ids', 'uuid')})`;

/**
 * Planned on each call (docs/decisions/0061-batch-statements-planned-each-call.md): a batch's
 * read, and a page's (tens of transfers), whose cached plan, made on a new database, scanned
 * every payout.
 */
const payoutsOfStatement = preparedStatement(
  'payouts_of_transfers',
  (ex, name) => ex.select().from(payouts).where(ofTransfers).prepare(name),
  'each call',
);

/**
 * The payouts of transfers, for the transaction resource (its `payout`): one per transfer at
 * most, by transfer id. Writing them is the payout job's.
 */
export async function payoutsOfTransfers(
  ex: Executor,
  transactionIds: readonly string[],
): Promise<Map<string, TransferPayoutRow>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await payoutsOfStatement.run(ex, { ids: JSON.stringify(transactionIds) });
  return new Map(rows.map((row) => [row.transaction_id, row]));
}
