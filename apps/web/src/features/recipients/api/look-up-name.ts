import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient, type QueryParams } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/**
 * GET /client/v1/recipient/name-lookup/{channelId}?<requirements>: the name the account is
 * held in, from the recipient's bank. A refusal (unknown or closed account) is a 422 whose
 * message the form shows under the name.
 */
export async function lookUpName(
  channelId: string,
  query: QueryParams,
  signal?: AbortSignal,
): Promise<string> {
  const { data } = await httpClient.get(apiPaths.nameLookup(channelId), { params: query, signal });
  return (await parseWith((contracts) => contracts.nameLookupResultSchema, data)).name;
}
