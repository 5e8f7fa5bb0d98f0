import type { PayoutChannel } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import type { TargetIds } from './get-payout-methods';
import { payoutKeys } from './query-keys';

export interface ChannelIds extends TargetIds {
  methodId: string;
}

/**
 * GET /client/v1/payout/channel?country_id&currency_id&payout_method_id: the recipient form of
 * a target and method, as data (labels, rules, options, name lookup).
 */
export async function getPayoutChannel(
  { countryId, currencyId, methodId }: ChannelIds,
  signal?: AbortSignal,
): Promise<PayoutChannel> {
  const { data } = await httpClient.get(apiPaths.payoutChannel, {
    params: { country_id: countryId, currency_id: currencyId, payout_method_id: methodId },
    signal,
  });
  return parseWith((contracts) => contracts.payoutChannelSchema, data);
}

/** The form of a target and method; nothing is asked until both are chosen. */
export function usePayoutChannel(ids: ChannelIds | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.channel(
      locale,
      ids?.countryId ?? '',
      ids?.currencyId ?? '',
      ids?.methodId ?? '',
    ),
    queryFn: ({ signal }) => getPayoutChannel(ids as ChannelIds, signal),
    enabled: ids !== null,
    staleTime: Infinity,
  });
}
