/**
 * Who may call a route (checklist C40, deny by default), now that the check is added to each
 * route that needs it when it is registered rather than run by every request (issue 31), and the
 * session cookie is read alone from the Cookie header rather than through the cookie plugin's
 * parse of every cookie.
 */
import crypto from 'node:crypto';
import { apiPaths } from '@corridor/contracts';
import { parseCookie } from 'cookie';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { cookieValue, sessionCookieName } from '../../plugins/session.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { signUpCustomer, STRONG_PASSWORD, TestBrowser } from '../../test/test-browser.ts';

/** Who a test route saw, and whether its own preValidation hook saw the session already. */
const seen: { session: string | null; ownHookSawSession?: boolean }[] = [];

const testApp = appPerFile({
  beforeReady: (app: FastifyInstance) => {
    const record = (request: { session: { id: string } | null }) => {
      seen.push({ session: request.session?.id ?? null });
      return { ok: true };
    };
    // Registered after the authentication plugin, as every module's routes are.
    app.get('/client/v1/test-auth/default', async (request) => record(request));
    app.get('/client/v1/test-auth/public', { config: { access: 'public' } }, async (request) =>
      record(request),
    );
    app.get('/test-auth/customer', { config: { access: 'customer' } }, async (request) =>
      record(request),
    );
    app.get(
      '/client/v1/test-auth/own-hook',
      {
        preValidation: (request, _reply, done) => {
          seen.push({ session: null, ownHookSawSession: request.session !== null });
          done();
        },
      },
      async (request) => record(request),
    );
  },
});

const SESSION_COOKIE = sessionCookieName(false);
const newEmail = () => `auth-${crypto.randomUUID()}@example.com`;

/** A signed-in customer's session cookie value (and the XSRF token beside it). */
async function signedIn() {
  const { browser, sessionId } = await signUpCustomer(testApp.app, newEmail());
  const secret = browser.cookies.get(SESSION_COOKIE);
  if (!secret) throw new Error('no session cookie');
  return { secret, xsrf: browser.cookies.get('XSRF-TOKEN') ?? '', sessionId };
}

const get = (url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') =>
  testApp.app.inject({
    method,
    url,
    headers: { accept: 'application/json', ...(cookie === undefined ? {} : { cookie }) },
  });

describe('cookieValue reads the session cookie as the cookie library does', () => {
  const secret = 'a'.repeat(43);
  const headers = [
    `corridor_session=${secret}`,
    `XSRF-TOKEN=abc; corridor_session=${secret}`,
    `corridor_session=${secret}; XSRF-TOKEN=abc`,
    ` corridor_session = ${secret} ;other=1`,
    `corridor_session="${secret}"`,
    `corridor_session=first; corridor_session=${secret}`,
    `corridor_session=; other=${secret}`,
    `xcorridor_session=${secret}; corridor_sessionx=${secret}`,
    `other=1; corridor_session`,
    `noequals; corridor_session=${secret}`,
    '',
    ';;;',
    `corridor_session=${secret}=tail`,
  ];
  it.each(headers)('%j', (header) => {
    expect(cookieValue(header, 'corridor_session')).toBe(parseCookie(header).corridor_session);
  });

  it('is undefined without a Cookie header', () => {
    expect(cookieValue(undefined, 'corridor_session')).toBeUndefined();
  });
});

describe('the session cookie among the others', () => {
  it('is found wherever it stands in the header', async () => {
    const { secret, xsrf, sessionId } = await signedIn();
    for (const cookie of [
      `${SESSION_COOKIE}=${secret}`,
      `XSRF-TOKEN=${xsrf}; ${SESSION_COOKIE}=${secret}`,
      `${SESSION_COOKIE}=${secret}; XSRF-TOKEN=${xsrf}; theme=dark`,
    ]) {
      const response = await get(apiPaths.profile, cookie);
      expect(response.statusCode).toBe(200);
      expect((response.json() as { session: { id: string } }).session.id).toBe(sessionId);
    }
  });

  it('the first of two with its name is the one read, as browsers send the most specific first', async () => {
    const { secret } = await signedIn();
    expect(
      (await get(apiPaths.profile, `${SESSION_COOKIE}=${secret}; ${SESSION_COOKIE}=x`)).statusCode,
    ).toBe(200);
    expect(
      (await get(apiPaths.profile, `${SESSION_COOKIE}=x; ${SESSION_COOKIE}=${secret}`)).statusCode,
    ).toBe(401);
  });

  it('a malformed or unknown secret is no session', async () => {
    for (const cookie of [
      `${SESSION_COOKIE}=short`,
      `${SESSION_COOKIE}=${'a'.repeat(43)}`,
      `${SESSION_COOKIE}=${'%41'.repeat(43)}`,
    ]) {
      expect((await get(apiPaths.profile, cookie)).statusCode).toBe(401);
    }
  });

  it('a state-changing request still needs the token bound to the cookie read', async () => {
    const { secret, xsrf } = await signedIn();
    const post = (token: string) =>
      testApp.app.inject({
        method: 'POST',
        url: apiPaths.profileLocale,
        headers: {
          'content-type': 'application/json',
          cookie: `XSRF-TOKEN=${xsrf}; ${SESSION_COOKIE}=${secret}`,
          'x-xsrf-token': token,
        },
        payload: { locale: 'es' },
      });
    expect((await post('wrong')).statusCode).toBe(419);
    expect((await post(xsrf)).statusCode).toBe(200);
  });
});

describe('routes check the session when they are registered to', () => {
  it('a route under /client/ with no access of its own needs a session', async () => {
    seen.length = 0;
    expect((await get('/client/v1/test-auth/default')).statusCode).toBe(401);
    expect(seen).toEqual([]);
    const { secret, sessionId } = await signedIn();
    expect(
      (await get('/client/v1/test-auth/default', `${SESSION_COOKIE}=${secret}`)).statusCode,
    ).toBe(200);
    expect(seen).toEqual([{ session: sessionId }]);
  });

  it('so does its HEAD route, and a route elsewhere that asks for a customer', async () => {
    expect((await get(apiPaths.profile, undefined, 'HEAD')).statusCode).toBe(401);
    expect((await get('/client/v1/test-auth/default', undefined, 'HEAD')).statusCode).toBe(401);
    expect((await get('/test-auth/customer')).statusCode).toBe(401);
    const { secret } = await signedIn();
    expect((await get(apiPaths.profile, `${SESSION_COOKIE}=${secret}`, 'HEAD')).statusCode).toBe(
      200,
    );
    expect((await get('/test-auth/customer', `${SESSION_COOKIE}=${secret}`)).statusCode).toBe(200);
  });

  it('a public route reads no session, even with a valid cookie', async () => {
    const { secret } = await signedIn();
    seen.length = 0;
    const response = await get('/client/v1/test-auth/public', `${SESSION_COOKIE}=${secret}`);
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ session: null }]);
    expect((await get('/healthz', `${SESSION_COOKIE}=${secret}`)).statusCode).toBe(200);
  });

  it("the session is found before a route's own preValidation hook runs", async () => {
    const { secret, sessionId } = await signedIn();
    seen.length = 0;
    const response = await get('/client/v1/test-auth/own-hook', `${SESSION_COOKIE}=${secret}`);
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ session: null, ownHookSawSession: true }, { session: sessionId }]);
    seen.length = 0;
    expect((await get('/client/v1/test-auth/own-hook')).statusCode).toBe(401);
    expect(seen).toEqual([]);
  });
});

describe('a session from the cache is taken in the same turn (issue 31)', () => {
  it('the first read goes to the database, the next ones to the cache: the same answers', async () => {
    const { secret, sessionId } = await signedIn();
    const cookie = `${SESSION_COOKIE}=${secret}`;
    const reads: (readonly string[])[] = [];
    for (let i = 0; i < 3; i += 1) {
      seen.length = 0;
      reads.push(
        await testApp.statements.during(async () => {
          const response = await get('/client/v1/test-auth/default', cookie);
          expect(response.statusCode).toBe(200);
        }),
      );
      expect(seen).toEqual([{ session: sessionId }]);
    }
    expect(reads.map((texts) => texts.filter((text) => text.includes('from "sessions"')))).toEqual([
      [expect.stringContaining('"secret_hash" = any(')],
      [],
      [],
    ]);
    // The profile's answer from the cache is the one read with the session.
    const first = await get(apiPaths.profile, cookie);
    const again = await get(apiPaths.profile, cookie);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
  });

  it('a session owing its second factor is refused where a customer is needed, cached or not', async () => {
    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const owing = new TestBrowser(testApp.app);
    const login = await owing.post(apiPaths.login, { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    // The first request reads the session from the database, the second finds it cached.
    for (let i = 0; i < 2; i += 1) {
      const refused = await get('/test-auth/customer', owing.cookieHeader);
      expect(refused.statusCode).toBe(412);
      expect((await get(apiPaths.profile, owing.cookieHeader)).statusCode).toBe(200);
    }
  });

  it('a cookie without a session gets 401 from the cache path as from the database', async () => {
    const unknown = `${SESSION_COOKIE}=${'b'.repeat(43)}`;
    for (let i = 0; i < 2; i += 1) {
      expect((await get('/client/v1/test-auth/default', unknown)).statusCode).toBe(401);
      expect((await get(apiPaths.profile, unknown)).statusCode).toBe(401);
    }
  });
});
