import type { DeliveryOption } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { payoutKeys } from './query-keys';

/**
 * GET /client/v1/resources/sub-delivery-options/{id}: the choices under a delivery option (the
 * branches of a bank), a bare array.
 */
export async function getSubDeliveryOptions(
  optionId: string,
  signal?: AbortSignal,
): Promise<DeliveryOption[]> {
  const { data } = await httpClient.get(apiPaths.subDeliveryOptions(optionId), { signal });
  return parseWith((contracts) => contracts.subDeliveryOptionListSchema, data);
}

/** The sub-options of the chosen delivery option; nothing is asked before one is chosen. */
export function useSubDeliveryOptions(optionId: string | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.subDeliveryOptions(locale, optionId ?? ''),
    queryFn: ({ signal }) => getSubDeliveryOptions(optionId ?? '', signal),
    enabled: optionId !== null,
    staleTime: Infinity,
  });
}
