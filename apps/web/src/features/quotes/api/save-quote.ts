import type { QuoteRequest, SavedQuote } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/quote: saves the quote with its rate locked for 30 minutes
 * (docs/product/sending-money.md#the-saved-quote). The Idempotency-Key makes a repeated click or a retry after a lost answer save it once.
 */
export async function saveQuote(
  request: QuoteRequest,
  idempotencyKey: string,
): Promise<SavedQuote> {
  const { data } = await httpClient.post(apiPaths.quote, request, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
  return parseWith((contracts) => contracts.savedQuoteSchema, data);
}
