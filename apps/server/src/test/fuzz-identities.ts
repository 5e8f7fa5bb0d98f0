import { apiPaths } from '@corridor/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { createCacheNetwork } from '../lib/cache-network.ts';
import { systemClock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';
import { createUnitOfWork } from '../lib/unit-of-work.ts';
import { createSessionRepository } from '../modules/sessions/session.repository.ts';
import { createSessionService } from '../modules/sessions/session.service.ts';

/**
 * Callers for the fuzz tests (api-fuzz, contracts-fuzz): each request gets a session of its own,
 * started in the database, so a logout or a deleted device in one run never spoils the next.
 */

/** A caller's headers, and the ids a path may name: its own session and a sibling's. */
export interface FuzzIdentity {
  headers: Record<string, string>;
  /** The caller's session (device) id, and another live one of the same customer. */
  sessionId?: string;
  siblingId?: string;
}

/**
 * How the caller's session stands: `anonymous` has only the cookies of GET /sanctum/csrf-cookie;
 * `mfa-pending` owes the second factor, `signed-in` gave it (both with a sibling session);
 * `no-second-factor` was started without one owed, as an unverified customer's is.
 */
export type FuzzSession =
  | { kind: 'anonymous' }
  | { kind: 'mfa-pending' | 'signed-in' | 'no-second-factor'; customerId: string };

export function fuzzIdentities(app: FastifyInstance, db: Database, userAgent: string) {
  const uow = createUnitOfWork(db, async () => {});
  const sessions = createSessionService({
    db,
    uow,
    repository: createSessionRepository(db),
    clock: systemClock,
    random: cryptoRandom,
    // Only starts sessions: the app's own cache learns of them when it reads them.
    caches: createCacheNetwork({
      mode: 'off',
      clock: systemClock,
      random: cryptoRandom,
      log: app.log,
      ttlMs: 0,
    }),
  });
  const client = { userAgent, ip: '127.0.0.1' };

  /** A fresh identity: a new session as `session` says, and its cookies and XSRF header. */
  return async function identity(session: FuzzSession): Promise<FuzzIdentity> {
    let secret: string | undefined;
    let sessionId: string | undefined;
    let siblingId: string | undefined;
    if (session.kind === 'no-second-factor') {
      const started = await sessions.start(db, session.customerId, null, client);
      ({ secret } = started);
      sessionId = started.session.id;
    } else if (session.kind !== 'anonymous') {
      const started = await sessions.start(db, session.customerId, 'EMAIL-OTP', client);
      ({ secret } = started);
      sessionId = started.session.id;
      if (session.kind === 'signed-in')
        ({ secret } = await uow.run((tx) => sessions.completeMfa(tx, started.session)));
      siblingId = (await sessions.start(db, session.customerId, null, client)).session.id;
    }
    const csrf = await app.inject({
      method: 'GET',
      url: apiPaths.csrfCookie,
      headers: secret ? { cookie: `corridor_session=${secret}` } : {},
    });
    const jar = new Map(csrf.cookies.map((cookie) => [cookie.name, cookie.value]));
    return {
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
      },
      ...(sessionId ? { sessionId } : {}),
      ...(siblingId ? { siblingId } : {}),
    };
  };
}

/** A status of `allowed` (docs/product/api-conventions.md#errors, never a 5xx), and an error is JSON with a string message. */
export function expectWellFormed(
  reply: LightMyRequestResponse,
  what: string,
  allowed: readonly number[],
): void {
  const summary = `${what} → ${reply.statusCode} ${reply.body.slice(0, 200)}`;
  expect(allowed, summary).toContain(reply.statusCode);
  if (reply.statusCode >= 400) {
    expect(String(reply.headers['content-type']), summary).toMatch(/^application\/json/);
    const body: unknown = JSON.parse(reply.body);
    expect(body, summary).toMatchObject({ message: expect.any(String) });
  }
}
