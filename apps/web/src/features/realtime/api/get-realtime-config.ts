import { apiPaths, realtimeConfigSchema, type RealtimeConfig } from '@corridor/contracts';
import { httpClient } from '@/lib/http-client';

/** GET /client/v1/realtime-config: where and how to open the socket (SPEC §9). */
export async function getRealtimeConfig(): Promise<RealtimeConfig> {
  const { data } = await httpClient.get<unknown>(apiPaths.realtimeConfig);
  return realtimeConfigSchema.parse(data);
}
