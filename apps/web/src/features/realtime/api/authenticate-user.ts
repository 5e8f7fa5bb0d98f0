import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { parseWith } from '@/lib/parse-with';
import { asError, type AuthCallback } from '../lib/auth-callback';

/**
 * POST /broadcasting/user-auth: user authentication (pusher `signin`) through httpClient, like
 * `authorizeChannel`.
 */
export function authenticateUser(
  params: { socketId: string },
  callback: AuthCallback<{ auth: string; user_data: string }>,
): void {
  httpClient
    .post(apiPaths.broadcastingUserAuth, { socket_id: params.socketId })
    .then(({ data }) => parseWith((contracts) => contracts.userAuthenticationSchema, data))
    .then(
      (answer) => callback(null, answer),
      (error: unknown) => callback(asError(error), null),
    )
    .catch((error: unknown) => callback(asError(error), null));
}
