import { MORE_AUTHENTICATION_REQUIRED } from '@corridor/contracts';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import type { SessionCompanion } from './session-companion.ts';
import type { SessionService } from './session.service.ts';
import {
  actorOf,
  owesSecondFactor,
  type Actor,
  type SignedInSession,
} from './signed-in-session.ts';

/**
 * Who may call a route. Under /client/ the default is 'customer': a route is public only
 * when it says so (deny by default, checklist C40).
 * - public: anyone;
 * - mfa-pending: a signed-in session, even one that still owes its second factor;
 * - customer: a signed-in session that owes nothing.
 */
export type RouteAccess = 'public' | 'mfa-pending' | 'customer';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * true: the session's customer is read with the session, in one statement (the plugin's
     * `alongSession`, decision 45), when the session is read from the database.
     */
    alongSession?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in session, set before the handler of every non-public route. */
    session: SignedInSession | null;
    /** What the plugin's `alongSession` read with the session, when it did. */
    alongSession: { companion: SessionCompanion<unknown>; value: unknown } | null;
  }
}

/** A route's access: its own, or under /client/ 'customer' and elsewhere 'public' (deny by default). */
export function routeAccess(access: RouteAccess | undefined, url: string | undefined): RouteAccess {
  return access ?? ((url ?? '').startsWith('/client/') ? 'customer' : 'public');
}

/** What `companion` read with the request's session, if it did (decision 45). */
export function readAlongSession<T>(
  request: { alongSession: { companion: SessionCompanion<unknown>; value: unknown } | null },
  companion: SessionCompanion<T>,
): T | undefined {
  const along = request.alongSession;
  return along?.companion === companion ? (along.value as T) : undefined;
}

/** The session behind a request of a non-public route. */
export function requireSession(request: { session: SignedInSession | null }): SignedInSession {
  if (!request.session) throw new AppError('unauthenticated');
  return request.session;
}

/** Who acts in a request of a non-public route: what the use cases take. */
export function requireActor(request: { session: SignedInSession | null }): Actor {
  return actorOf(requireSession(request));
}

export const authenticationPlugin = fp<{
  sessions: SessionService;
  /** Read with the session for the routes that ask (`config.alongSession`): the customer. */
  alongSession?: SessionCompanion<unknown>;
}>(
  async (app, { sessions, alongSession }) => {
    app.decorateRequest('session', null);
    app.decorateRequest('alongSession', null);

    /** Takes `session` as the request's, or refuses it (412) when it owes its second factor. */
    function admit(request: FastifyRequest, session: SignedInSession, access: RouteAccess): void {
      request.session = session;
      if (access === 'customer' && owesSecondFactor(session)) {
        throw new AppError('precondition_required', {
          type: MORE_AUTHENTICATION_REQUIRED,
          message: apiText('accounts.codeOwed'),
        });
      }
    }

    /** Reads the session behind the request (its secret's hash given), or refuses it (401, 412). */
    async function authenticate(
      request: FastifyRequest,
      secret: string,
      secretHash: string,
      access: RouteAccess,
      along: SessionCompanion<unknown> | undefined,
    ): Promise<void> {
      const found = await sessions.resolveWith(secret, along, secretHash);
      if (!found) throw new AppError('unauthenticated');
      if (along && 'along' in found)
        request.alongSession = { companion: along, value: found.along };
      admit(request, found.session, access);
    }
    // After CSRF (onRequest) and body parsing, before validation: who you are comes first. Added
    // to each route that is not public when it is registered, with what it asks for worked out
    // once: a public route (/healthz, the pages) runs no hook at all, and no request reads
    // routeOptions, which Fastify builds anew on each read.
    app.addHook('onRoute', (route) => {
      const config = (route.config ?? {}) as { access?: RouteAccess; alongSession?: boolean };
      const access = routeAccess(config.access, route.url);
      if (access === 'public') return;
      const along = config.alongSession ? alongSession : undefined;
      // A callback: a session in the cache is taken in this turn, without a promise; only a
      // read from the database costs one.
      const hook: preValidationHookHandler = function authenticateRoute(request, _reply, done) {
        const secret = request.sessionSecret;
        if (!secret) {
          done(new AppError('unauthenticated'));
          return;
        }
        const cached = sessions.resolveCached(secret);
        if (typeof cached === 'string') {
          authenticate(request, secret, cached, access, along).then(() => done(), done);
          return;
        }
        try {
          admit(request, cached, access);
        } catch (error) {
          done(error as Error);
          return;
        }
        done();
      };
      const own = route.preValidation;
      // A new array: a GET's HEAD route was copied from its options and must not share it.
      route.preValidation = [hook, ...(own === undefined ? [] : Array.isArray(own) ? own : [own])];
    });
  },
  { name: 'authentication', dependencies: ['session'] },
);
