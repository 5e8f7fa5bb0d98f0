import type { Transaction } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { transactionKeys } from './query-keys';

/** GET /client/v1/transaction/{id}: one transfer with its payment, payout and timeline; 404 if not theirs. */
export async function getTransaction(id: string, signal?: AbortSignal): Promise<Transaction> {
  const { data } = await httpClient.get(apiPaths.transaction(id), { signal });
  return parseWith((contracts) => contracts.transactionSchema, data);
}

export interface TransactionQueryOptions {
  /** Asks again every this many milliseconds, or not while false (lib/use-watched-transaction.ts). */
  refetchInterval?: (transaction: Transaction | undefined) => number | false;
}

/** One transfer; the watch hook (lib/use-watched-transaction.ts) keeps it live. */
export function useTransaction(id: string, options: TransactionQueryOptions = {}) {
  const locale = useLocale();
  const { refetchInterval } = options;
  return useQuery({
    queryKey: transactionKeys.detail(locale, id),
    queryFn: ({ signal }) => getTransaction(id, signal),
    refetchInterval:
      refetchInterval === undefined ? false : (query) => refetchInterval(query.state.data),
    // The watch hook refreshes when the tab is shown again, once; focus alone is not news.
    refetchOnWindowFocus: false,
  });
}
