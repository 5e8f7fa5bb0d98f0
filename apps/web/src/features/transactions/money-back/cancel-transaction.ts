import type { Transaction } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/transaction/{id}/cancel: cancels a paid transfer inside its free cancellation
 * window and refunds it in full; answers the cancelled transfer
 * (docs/product/sending-money.md#cancellation-window). A 409 carries the message to show.
 */
export async function cancelTransaction(id: string, idempotencyKey: string): Promise<Transaction> {
  const { data } = await httpClient.post(apiPaths.transactionCancel(id), undefined, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseWith((contracts) => contracts.transactionSchema, data);
}
