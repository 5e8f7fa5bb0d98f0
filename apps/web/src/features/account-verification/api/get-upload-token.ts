import type { DocumentFileType, UploadToken } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

export interface UploadTokenRequest {
  categoryId: string;
  typeId: string;
  /** The customer's own name for the file; the server names the stored object itself. */
  fileName: string;
  fileType: DocumentFileType;
  /** The exact size, which the server binds into the signed request. */
  fileSize: number;
}

/**
 * GET /client/v1/account-verification/token/{categoryId}/{typeId}?file_name&file_type&file_size:
 * a signed PUT URL for one file (30 minutes) and the key the document will name it by. 412
 * `incomplete_customer_identity` / `incomplete_customer_address` while the profile lacks them.
 */
export async function getUploadToken(
  { categoryId, typeId, fileName, fileType, fileSize }: UploadTokenRequest,
  signal?: AbortSignal,
): Promise<UploadToken> {
  const { data } = await httpClient.get(apiPaths.uploadToken(categoryId, typeId), {
    params: { file_name: fileName, file_type: fileType, file_size: fileSize },
    signal,
  });
  return parseWith((contracts) => contracts.uploadTokenSchema, data);
}
