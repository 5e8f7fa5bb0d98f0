import type { TransactionList } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import type { TransactionFilters } from '../lib/transaction-filters';
import { transactionKeys } from './query-keys';

/**
 * GET /client/v1/transactions?page&state&recipient_id&start_date&end_date: a page of the
 * customer's transfers, newest first (docs/product/sending-money.md#transactions).
 */
export async function getTransactions(
  filters: TransactionFilters,
  signal?: AbortSignal,
): Promise<TransactionList> {
  const { data } = await httpClient.get(apiPaths.transactions, {
    params: {
      page: filters.page === 1 ? undefined : filters.page,
      state: filters.state,
      recipient_id: filters.recipientId,
      start_date: filters.startDate,
      end_date: filters.endDate,
    },
    signal,
  });
  return parseWith((contracts) => contracts.transactionListSchema, data);
}

/** A page of transfers; the page before stays on screen while the next one loads. */
export function useTransactions(filters: TransactionFilters) {
  const locale = useLocale();
  return useQuery({
    queryKey: transactionKeys.list(locale, filters),
    queryFn: ({ signal }) => getTransactions(filters, signal),
    placeholderData: keepPreviousData,
  });
}
