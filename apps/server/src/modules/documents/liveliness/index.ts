import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../../lib/clock.ts';
import { createLivelinessTokens } from './liveliness-token.ts';
import { livelinessRoutes } from './liveliness.routes.ts';

export interface LivelinessDeps {
  /** The installation's key; the tokens' is derived from it. */
  appKey: Buffer;
  clock: Clock;
  appUrl: string;
}

/**
 * The liveness check's sandbox provider (issue 16): GET /client/v1/account-verification/
 * liveliness-token?api=SYSTEM answers a 10-minute token and the URL of its page,
 * /sandbox/liveness?token=…, which the server serves.
 */
export function createLiveliness(deps: LivelinessDeps): { routes: FastifyPluginAsync } {
  const tokens = createLivelinessTokens(deps.appKey);
  return {
    routes: async (app) =>
      app.register(livelinessRoutes, { tokens, clock: deps.clock, appUrl: deps.appUrl }),
  };
}

export { LIVELINESS_TOKEN_TTL_SECONDS } from './liveliness-token.ts';
export { SANDBOX_LIVENESS_PATH } from './liveliness.routes.ts';
