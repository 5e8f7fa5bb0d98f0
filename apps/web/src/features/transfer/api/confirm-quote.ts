import type { ConfirmQuoteBody, Transaction } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/quote/confirm/{quoteId} (docs/product/sending-money.md#confirming): 201 with the
 * transaction and its first payment; 422 per field; 412 a refusal. The Idempotency-Key makes a
 * retry after a lost answer create the transfer once. No timeout (docs/product/web-app.md#constants):
 * the customer may stop waiting (`signal`), and the wizard then checks whether the transfer
 * exists before letting them try again.
 */
export async function confirmQuote(
  quoteId: string,
  body: ConfirmQuoteBody,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<Transaction> {
  const { data } = await httpClient.post(apiPaths.quoteConfirm(quoteId), body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    signal,
  });
  return parseWith((contracts) => contracts.transactionSchema, data);
}
