import type { DocumentCategory } from '../lib/document-types';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '@/i18n';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { documentKeys } from './query-keys';

/**
 * GET /client/v1/document-categories: POI, POA and SOF with their document types and what each
 * accepts (a bare array, docs/product/identity-documents.md#catalogue), in the request's language.
 */
export async function getDocumentCategories(signal?: AbortSignal): Promise<DocumentCategory[]> {
  const { data } = await httpClient.get(apiPaths.documentCategories, { signal });
  return parseWith((contracts) => contracts.documentCategoriesResponseSchema, data);
}

/** Reference data: asked for once a session, per language. */
export function useDocumentCategories() {
  const locale = useLocale();
  return useQuery({
    queryKey: documentKeys.categories(locale),
    queryFn: ({ signal }) => getDocumentCategories(signal),
    staleTime: Infinity,
  });
}
