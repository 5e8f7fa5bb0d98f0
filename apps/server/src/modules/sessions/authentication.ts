import { MORE_AUTHENTICATION_REQUIRED } from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
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
  }
  interface FastifyRequest {
    /** The signed-in session, set before the handler of every non-public route. */
    session: SignedInSession | null;
  }
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

export const authenticationPlugin = fp<{ sessions: SessionService }>(
  async (app, { sessions }) => {
    app.decorateRequest('session', null);

    /** Finds the session behind the request, or refuses it (401, or 412 for the second factor). */
    async function authenticate(request: FastifyRequest, access: RouteAccess): Promise<void> {
      const session = request.sessionSecret
        ? await sessions.resolve(request.sessionSecret)
        : undefined;
      if (!session) throw new AppError('unauthenticated');
      request.session = session;
      if (access === 'customer' && owesSecondFactor(session)) {
        throw new AppError('precondition_required', {
          type: MORE_AUTHENTICATION_REQUIRED,
          message: apiText('accounts.codeOwed'),
        });
      }
    }
    // After CSRF (onRequest) and body parsing, before validation: who you are comes first. A
    // callback, so a public route costs no promise.
    app.addHook('preValidation', (request, _reply, done) => {
      // routeOptions is built anew on each read: read once.
      const { url = '', config } = request.routeOptions;
      const access: RouteAccess =
        config.access ?? (url.startsWith('/client/') ? 'customer' : 'public');
      if (access === 'public') {
        done();
        return;
      }
      authenticate(request, access).then(() => done(), done);
    });
  },
  { name: 'authentication', dependencies: ['session'] },
);
