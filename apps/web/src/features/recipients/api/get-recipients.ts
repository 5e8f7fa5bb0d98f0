import type { RecipientList } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { recipientKeys } from './query-keys';

export interface RecipientsQuery {
  page: number;
  /** Matches names, account numbers and countries on the server; empty for every recipient. */
  search: string;
}

/** GET /client/v1/recipients?page&search: one page of the customer's recipients, newest first. */
export async function getRecipients(
  { page, search }: RecipientsQuery,
  signal?: AbortSignal,
): Promise<RecipientList> {
  const { data } = await httpClient.get(apiPaths.recipients, {
    params: { page: page === 1 ? undefined : page, search: search === '' ? undefined : search },
    signal,
  });
  return parseWith((contracts) => contracts.recipientListSchema, data);
}

/** A page of recipients; the page before stays on screen while the next one loads. */
export function useRecipients(query: RecipientsQuery) {
  const locale = useLocale();
  return useQuery({
    queryKey: recipientKeys.list(locale, query.page, query.search),
    queryFn: ({ signal }) => getRecipients(query, signal),
    placeholderData: keepPreviousData,
  });
}
