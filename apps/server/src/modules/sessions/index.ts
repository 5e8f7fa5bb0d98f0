import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import { csrfCookieRoutes } from './csrf-cookie.routes.ts';
import { deviceRoutes } from './devices.routes.ts';
import { createSessionRepository } from './session.repository.ts';
import { createSessionService, type SessionService } from './session.service.ts';

export interface SessionsModuleDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  events: RealtimeEvents;
  /** Where the sessions read per request are cached, and evicted from every process. */
  caches: CacheNetwork;
}

export interface SessionsModule {
  service: SessionService;
  /** GET /sanctum/csrf-cookie, and the devices (the customer's live sessions). */
  routes: FastifyPluginAsync;
}

/** Sessions (docs/product/accounts-and-sessions.md#devices): the signed-in sessions behind cookies, and the devices they are. */
export function createSessionsModule(deps: SessionsModuleDeps): SessionsModule {
  const service = createSessionService({ ...deps, repository: createSessionRepository(deps.db) });
  return {
    service,
    routes: async (app) => {
      await app.register(csrfCookieRoutes);
      await app.register(deviceRoutes, { sessions: service });
    },
  };
}

export {
  authenticationPlugin,
  readAlongSession,
  requireActor,
  requireSession,
  type RouteAccess,
} from './authentication.ts';
export { sessionDeviceResource, sessionIpAddressResource } from './device-resource.ts';
export type { SessionCompanion } from './session-companion.ts';
export type { ClientInfo, SessionService, StartedSession } from './session.service.ts';
export {
  actorOf,
  owesSecondFactor,
  type Actor,
  type SignedInSession,
} from './signed-in-session.ts';
