import type { QuoteRequest, SavedQuote } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/recipient/send-money/{id}: saves the quote already addressed to this
 * recipient (docs/product/sending-money.md#quote-endpoints), for the calculator on the recipient's page.
 */
export async function sendMoneyToRecipient(
  recipientId: string,
  request: QuoteRequest,
  idempotencyKey: string,
): Promise<SavedQuote> {
  const { data } = await httpClient.post(apiPaths.recipientSendMoney(recipientId), request, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseWith((contracts) => contracts.savedQuoteSchema, data);
}
