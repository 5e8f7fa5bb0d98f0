import { apiPaths, userAuthenticationSchema } from '@corridor/contracts';
import { httpClient } from '@/lib/http-client';
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
    .post<unknown>(apiPaths.broadcastingUserAuth, { socket_id: params.socketId })
    .then(
      ({ data }) => callback(null, userAuthenticationSchema.parse(data)),
      (error: unknown) => callback(asError(error), null),
    )
    .catch((error: unknown) => callback(asError(error), null));
}
