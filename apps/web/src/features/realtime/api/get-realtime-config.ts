import type { RealtimeConfig } from '@corridor/contracts';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';

/** GET /client/v1/realtime-config: where and how to open the socket (docs/product/web-app.md#constants). */
export async function getRealtimeConfig(): Promise<RealtimeConfig> {
  const { data } = await httpClient.get(apiPaths.realtimeConfig);
  return parseWith((contracts) => contracts.realtimeConfigSchema, data);
}
