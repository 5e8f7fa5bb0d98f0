import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { payouts } from './transfer-payouts.schema.ts';

export type TransferPayoutRow = typeof payouts.$inferSelect;

/**
 * The payouts of transfers, for the transaction resource (its `payout`): one per transfer at
 * most, by transfer id. Writing them is the payout job's.
 */
export async function payoutsOfTransfers(
  ex: Executor,
  transactionIds: readonly string[],
): Promise<Map<string, TransferPayoutRow>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await ex
    .select()
    .from(payouts)
    .where(inArray(payouts.transaction_id, [...transactionIds]));
  return new Map(rows.map((row) => [row.transaction_id, row]));
}
