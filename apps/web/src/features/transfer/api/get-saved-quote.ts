import type { SavedQuote } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { transferKeys } from './query-keys';

/**
 * GET /client/v1/quote/{id}: the saved quote, never re-priced, with its purposes filled
 * (docs/product/sending-money.md#the-saved-quote); 404 for an unknown or another's quote.
 */
export async function getSavedQuote(id: string, signal?: AbortSignal): Promise<SavedQuote> {
  const { data } = await httpClient.get(apiPaths.quoteById(id), { signal });
  return parseWith((contracts) => contracts.savedQuoteSchema, data);
}

/**
 * The wizard's quote. Not fetched again on focus: its figures never change, and a refetch in
 * the middle of the review would only repaint them; the wizard asks again when a step needs it
 * (back from verification, after choosing a recipient).
 */
export function useSavedQuote(id: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: transferKeys.quote(id, locale),
    queryFn: ({ signal }) => getSavedQuote(id, signal),
    refetchOnWindowFocus: false,
    retry: false,
  });
}
