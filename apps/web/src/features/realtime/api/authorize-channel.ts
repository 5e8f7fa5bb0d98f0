import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { asError, type AuthCallback } from '../lib/auth-callback';

/**
 * POST /broadcasting/auth: channel authorization through httpClient, so the session cookie,
 * X-XSRF-TOKEN and the 401/412 handling apply (stack-backend G7). Error-first callback, as
 * pusher-js expects.
 */
export function authorizeChannel(
  params: { socketId: string; channelName: string },
  callback: AuthCallback<{ auth: string; channel_data?: string }>,
): void {
  httpClient
    .post(apiPaths.broadcastingAuth, {
      socket_id: params.socketId,
      channel_name: params.channelName,
    })
    .then(({ data }) => parseWith((contracts) => contracts.channelAuthorizationSchema, data))
    .then(
      (answer) => callback(null, answer),
      (error: unknown) => callback(asError(error), null),
    )
    .catch((error: unknown) => callback(asError(error), null));
}
