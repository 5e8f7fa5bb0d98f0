import type { Transaction } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** How many of the latest transfers the double-payment check reads (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety). */
export const LATEST_TRANSACTIONS = 5;

/**
 * GET /client/v1/transactions?recipient_id&limit=5: the customer's latest transfers to this
 * recipient, newest first, for the double-payment check after confirm's outcome was unknown.
 */
export async function getLatestTransactions(recipientId: string): Promise<Transaction[]> {
  const { data } = await httpClient.get(apiPaths.transactions, {
    params: { recipient_id: recipientId, limit: LATEST_TRANSACTIONS },
  });
  const list = await parseWith((contracts) => contracts.transactionListSchema, data);
  return list.data;
}
