import type { SavedQuote } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { currentLocale, useLocale } from '@/i18n';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { queryClient } from '@/lib/query-client';
import { transferKeys } from './query-keys';

/**
 * GET /client/v1/quote/{id}: the saved quote, never re-priced, with its purposes filled
 * (docs/product/sending-money.md#the-saved-quote); 404 for an unknown or another's quote.
 */
export async function getSavedQuote(id: string, options?: RequestOptions): Promise<SavedQuote> {
  const { data } = await httpClient.get(apiPaths.quoteById(id), options);
  return parseWith((contracts) => contracts.savedQuoteSchema, data);
}

/**
 * Asks for the wizard's quote while the signed-in frame still checks the session (the route's
 * loader, app/router.tsx), so the wizard's first render has it: that render is the router's
 * transition, which yields to the browser, where a query's answer after mounting re-rendered
 * the whole wizard in one task (issue 31, docs/performance.md#latest-figures). Nobody signed in:
 * the frame sends them to sign-in, so this one stays quiet about its 401. A failure is the
 * screen's to show: it asks again as it mounts.
 */
export function prefetchSavedQuote(id: string): Promise<void> {
  return queryClient.prefetchQuery({
    queryKey: transferKeys.quote(id, currentLocale()),
    queryFn: ({ signal }) => getSavedQuote(id, { signal, skipAuthRedirect: true }),
    retry: false,
  });
}

/**
 * The wizard's quote. Never fetched again by itself (on focus, on mounting, on a new quote's
 * key): its figures never change, and a refetch in the middle of the review would only repaint
 * them; the route's loader asks for it on every navigation to the wizard (prefetchSavedQuote),
 * and the wizard asks again when a step needs it (back from verification, after choosing a
 * recipient). Fetched as the wizard mounted, it was asked for twice, one after the other.
 */
export function useSavedQuote(id: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: transferKeys.quote(id, locale),
    queryFn: ({ signal }) => getSavedQuote(id, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
