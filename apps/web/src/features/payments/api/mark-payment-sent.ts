import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';

/**
 * POST /client/v1/transaction/payment-sent/{paymentId}: the customer says they have made the
 * bank transfer (docs/product/sending-money.md#retry-and-cancel). The screen reads the payment
 * again afterwards rather than trusting an answer's shape.
 */
export async function markPaymentSent(paymentId: string, idempotencyKey: string): Promise<void> {
  await httpClient.post(apiPaths.paymentSent(paymentId), undefined, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
