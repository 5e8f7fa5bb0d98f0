import type { QuoteRecipientBody, SavedQuote } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * POST /client/v1/quote/recipient/{quoteId}: the quote's recipient
 * (docs/product/sending-money.md#quote-endpoints). Answers the saved quote with it.
 */
export async function chooseQuoteRecipient(
  quoteId: string,
  recipientId: string,
): Promise<SavedQuote> {
  const body: QuoteRecipientBody = { recipient_id: recipientId };
  const { data } = await httpClient.post(apiPaths.quoteRecipient(quoteId), body);
  return parseWith((contracts) => contracts.savedQuoteSchema, data);
}
