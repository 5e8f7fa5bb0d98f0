import type { Payment, PaymentRetryBody } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/transaction/payment/{transactionId}: a new payment on the same transfer after
 * one failed, expired or was cancelled; answers the new payment in full
 * (docs/product/sending-money.md#retry-and-cancel). At most MAX_PAYMENTS_PER_TRANSACTION in all.
 */
export async function retryPayment(
  transactionId: string,
  body: PaymentRetryBody,
  idempotencyKey: string,
): Promise<Payment> {
  const { data } = await httpClient.post(apiPaths.paymentRetry(transactionId), body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseWith((contracts) => contracts.paymentSchema, data);
}
