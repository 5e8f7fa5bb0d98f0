import type { PayoutMethod } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { payoutKeys } from './query-keys';

export interface TargetIds {
  countryId: string;
  currencyId: string;
}

/** GET /client/v1/payout/methods?country_id&currency_id: how money is paid out there. */
export async function getPayoutMethods(
  { countryId, currencyId }: TargetIds,
  signal?: AbortSignal,
): Promise<PayoutMethod[]> {
  const { data } = await httpClient.get(apiPaths.payoutMethods, {
    params: { country_id: countryId, currency_id: currencyId },
    signal,
  });
  return (await parseWith((contracts) => contracts.payoutMethodListSchema, data)).data;
}

/** The methods of a target; nothing is asked until there is one. */
export function usePayoutMethods(target: TargetIds | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.methods(locale, target?.countryId ?? '', target?.currencyId ?? ''),
    queryFn: ({ signal }) => getPayoutMethods(target as TargetIds, signal),
    enabled: target !== null,
    staleTime: Infinity,
  });
}
