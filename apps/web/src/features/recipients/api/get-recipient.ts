import type { Recipient } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { recipientKeys } from './query-keys';

/** GET /client/v1/recipient/{id}: one recipient with its account details; 404 if not theirs. */
export async function getRecipient(id: string, signal?: AbortSignal): Promise<Recipient> {
  const { data } = await httpClient.get(apiPaths.recipient(id), { signal });
  return parseWith((contracts) => contracts.recipientSchema, data);
}

export function useRecipient(id: string) {
  const locale = useLocale();
  return useQuery({
    queryKey: recipientKeys.detail(locale, id),
    queryFn: ({ signal }) => getRecipient(id, signal),
  });
}
