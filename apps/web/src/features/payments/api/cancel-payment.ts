import type { Payment } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/transaction/payment/{transactionId}/cancel: withdraws the open payment before
 * the customer has paid; answers it CANCELLED. 409 `payment_not_open` / `payment_not_cancellable`
 * carry the message to show (docs/product/sending-money.md#retry-and-cancel).
 */
export async function cancelPayment(
  transactionId: string,
  idempotencyKey: string,
): Promise<Payment> {
  const { data } = await httpClient.post(apiPaths.paymentCancel(transactionId), undefined, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseWith((contracts) => contracts.paymentSchema, data);
}
