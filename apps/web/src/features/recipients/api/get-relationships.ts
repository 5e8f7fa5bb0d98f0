import type { ReferenceItem } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { payoutKeys } from './query-keys';

/** GET /client/v1/resources/relationships: who a recipient can be to the customer. */
export async function getRelationships(signal?: AbortSignal): Promise<ReferenceItem[]> {
  const { data } = await httpClient.get(apiPaths.relationships, { signal });
  return (await parseWith((contracts) => contracts.relationshipListSchema, data)).data;
}

export function useRelationships() {
  const locale = useLocale();
  return useQuery({
    queryKey: payoutKeys.relationships(locale),
    queryFn: ({ signal }) => getRelationships(signal),
    staleTime: Infinity,
  });
}
