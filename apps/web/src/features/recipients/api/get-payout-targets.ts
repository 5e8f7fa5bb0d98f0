import type { PayoutTarget } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { payoutKeys } from './query-keys';

/** GET /client/v1/payout/targets: where money can go, a country and the currency paid there. */
export async function getPayoutTargets(signal?: AbortSignal): Promise<PayoutTarget[]> {
  const { data } = await httpClient.get(apiPaths.payoutTargets, { signal });
  return (await parseWith((contracts) => contracts.payoutTargetListSchema, data)).data;
}

/** Reference data: asked for once a session, per language. */
export function usePayoutTargets() {
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.targets(locale),
    queryFn: ({ signal }) => getPayoutTargets(signal),
    staleTime: Infinity,
  });
}
