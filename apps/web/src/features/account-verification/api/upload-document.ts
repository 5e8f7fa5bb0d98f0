import type { Customer } from '@corridor/contracts';
import { IDEMPOTENCY_KEY_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { setCustomer } from '@/features/customers';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { useAsyncAction } from '@/lib/use-async-action';

export interface UploadDocumentInput {
  categoryId: string;
  typeId: string;
  /** The object keys of the uploaded files, in page order (an ID card: front, then back). */
  pages: readonly string[];
  idempotencyKey: string;
}

/**
 * POST /client/v1/document/upload?document_category_id&document_type_id with `{pages}`: makes
 * the document (pending-verification) and answers the customer with it. The Idempotency-Key
 * makes a retry after a lost answer make it once. The stored customer is replaced by the answer.
 */
export async function uploadDocument({
  categoryId,
  typeId,
  pages,
  idempotencyKey,
}: UploadDocumentInput): Promise<Customer> {
  const { data } = await httpClient.post(
    apiPaths.documentUpload,
    { pages },
    {
      params: { document_category_id: categoryId, document_type_id: typeId },
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    },
  );
  const customer = await parseWith((contracts) => contracts.customerSchema, data);
  setCustomer(customer);
  return customer;
}

/** Sending the document, with the app's slow-wait pattern (Retry or Cancel after 5 s). */
export function useUploadDocument() {
  return useAsyncAction(uploadDocument);
}
