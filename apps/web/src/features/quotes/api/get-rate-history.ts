import type { RateHistoryPoint } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** GET /client/v1/rates/history: the last 30 days' mid-market rates of a corridor, oldest first. */
export async function getRateHistory(
  sourceCurrency: string,
  targetCurrency: string,
): Promise<RateHistoryPoint[]> {
  const { data } = await httpClient.get(apiPaths.rateHistory, {
    params: { source_currency: sourceCurrency, target_currency: targetCurrency },
  });
  return (await parseWith((contracts) => contracts.rateHistorySchema, data)).data;
}

export const rateHistoryQuery = (sourceCurrency: string, targetCurrency: string) =>
  queryOptions({
    queryKey: ['rate-history', sourceCurrency, targetCurrency] as const,
    queryFn: () => getRateHistory(sourceCurrency, targetCurrency),
    // Daily points: a few minutes old is as good as new.
    staleTime: 5 * 60_000,
  });

export function useRateHistory(sourceCurrency: string, targetCurrency: string) {
  return useQuery(rateHistoryQuery(sourceCurrency, targetCurrency));
}
