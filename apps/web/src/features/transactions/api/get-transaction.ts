import type { Transaction } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { currentLocale, useLocale } from '@/i18n';
import { httpClient, type RequestOptions } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { queryClient } from '@/lib/query-client';
import { transactionKeys } from './query-keys';

/** GET /client/v1/transaction/{id}: one transfer with its payment, payout and timeline; 404 if not theirs. */
export async function getTransaction(id: string, options?: RequestOptions): Promise<Transaction> {
  const { data } = await httpClient.get(apiPaths.transaction(id), options);
  return parseWith((contracts) => contracts.transactionSchema, data);
}

export interface TransactionQueryOptions {
  /** Asks again every this many milliseconds, or not while false (lib/use-watched-transaction.ts). */
  refetchInterval?: (transaction: Transaction | undefined) => number | false;
  /** The route's loader asked for it on this very navigation (transactionLoader): no second ask. */
  fetchedByRoute?: boolean;
}

/**
 * The loader of a route whose screen shows one transfer (paying it, its page): asks for it beside
 * the signed-in frame's loader (app/router.tsx), so the screen's first render has it. That render
 * is the router's transition, which yields to the browser; the query's answer after mounting
 * re-rendered the whole screen in one task (issue 31, docs/performance.md#latest-figures).
 * Nobody signed in: the frame sends them to sign-in, so this one stays quiet about its 401. A
 * failure is the screen's to show: it asks again as it mounts.
 */
export async function transactionLoader({ params }: LoaderFunctionArgs): Promise<null> {
  const id = params['transactionId'] ?? '';
  await queryClient.prefetchQuery({
    queryKey: transactionKeys.detail(currentLocale(), id),
    queryFn: ({ signal }) => getTransaction(id, { signal, skipAuthRedirect: true }),
    retry: false,
  });
  return null;
}

/** One transfer; the watch hook (lib/use-watched-transaction.ts) keeps it live. */
export function useTransaction(id: string, options: TransactionQueryOptions = {}) {
  const locale = useLocale();
  const { refetchInterval, fetchedByRoute = false } = options;
  return useQuery({
    queryKey: transactionKeys.detail(locale, id),
    queryFn: ({ signal }) => getTransaction(id, { signal }),
    refetchOnMount: !fetchedByRoute,
    refetchInterval:
      refetchInterval === undefined ? false : (query) => refetchInterval(query.state.data),
    // The watch hook refreshes when the tab is shown again, once; focus alone is not news.
    refetchOnWindowFocus: false,
  });
}
