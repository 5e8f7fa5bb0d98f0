import type { RecipientWhisper } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { transactionKeys } from './query-keys';

/** GET /client/v1/recipients/whisper?search: at most 10 recipients, for the list's recipient filter. */
export async function findRecipients(
  search: string,
  signal?: AbortSignal,
): Promise<RecipientWhisper> {
  const { data } = await httpClient.get(apiPaths.recipientsWhisper, {
    params: { search: search === '' ? undefined : search },
    signal,
  });
  return parseWith((contracts) => contracts.recipientWhisperSchema, data);
}

/** The recipients whose name matches what the customer typed in the filter. */
export function useRecipientSearch(search: string, enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: transactionKeys.recipientSearch(locale, search),
    queryFn: ({ signal }) => findRecipients(search, signal),
    enabled,
    staleTime: 60_000,
  });
}
