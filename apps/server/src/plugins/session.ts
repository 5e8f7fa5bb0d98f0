import { CSRF_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@corridor/contracts';
import crypto from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors/app-error.ts';
import type { RandomSource } from '../lib/random.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session cookie's secret when it is well-formed, else null. */
    sessionSecret: string | null;
  }
  interface FastifyContextConfig {
    /** false for endpoints that authenticate otherwise (signed server-to-server calls). */
    csrf?: boolean;
  }
}

const SESSION_SECRET = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;

export interface SessionOptions {
  appKey: Buffer;
  secureCookies: boolean;
  allowedOrigins: string[];
  random: RandomSource;
}

export const sessionCookieName = (secure: boolean) =>
  secure ? '__Host-corridor_session' : 'corridor_session';

/**
 * The value of the first cookie called `name` in a Cookie header, as the cookie library reads it
 * (names and values trimmed, the first of a name wins), without decoding: a session secret has
 * nothing to decode, and one that would need it is not well-formed anyway.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    const equals = header.indexOf('=', start);
    if (equals !== -1 && equals < end && header.slice(start, equals).trim() === name) {
      return header.slice(equals + 1, end).trim();
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The CSRF token is bound to the session: HMAC(app key, session secret). Nothing to store. The key
 * is a KeyObject made once: an HMAC keyed with a Buffer imports the key on every call, about five
 * times the cost of the HMAC itself on Node 24 (docs/performance.md, fourteenth session).
 */
export function csrfTokenFor(appKey: crypto.KeyObject, sessionSecret: string): string {
  return crypto.createHmac('sha256', appKey).update(`xsrf:${sessionSecret}`).digest('base64url');
}

function tokensMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * Sanctum-style cookies (docs/security.md B1–B2): an HttpOnly session cookie and
 * a script-readable XSRF-TOKEN that every state-changing request echoes in X-XSRF-TOKEN.
 * Unknown origins are refused before anything else runs.
 */
export const sessionPlugin = fp<SessionOptions>(
  async (app, options) => {
    const cookieName = sessionCookieName(options.secureCookies);
    const csrfKey = crypto.createSecretKey(options.appKey);
    const allowedOrigins = new Set(options.allowedOrigins);
    const cookieOptions: CookieSerializeOptions = {
      path: '/',
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: COOKIE_MAX_AGE_SECONDS,
    };

    app.decorateRequest('sessionSecret', null);

    /** Why a state-changing request is refused (origin, then token), or null. */
    const refusal = (request: FastifyRequest): AppError | null => {
      const origin = request.headers.origin;
      if (origin !== undefined && !allowedOrigins.has(origin)) {
        request.log.warn({ origin }, 'refused a state-changing request from an unknown origin');
        return new AppError('origin_not_allowed');
      }
      const header =
        request.headers[XSRF_HEADER.toLowerCase()] ?? request.headers[CSRF_HEADER.toLowerCase()];
      const given = Array.isArray(header) ? header[0] : header;
      if (
        !request.sessionSecret ||
        !given ||
        !tokensMatch(csrfTokenFor(csrfKey, request.sessionSecret), given)
      ) {
        return new AppError('csrf_mismatch');
      }
      return null;
    };

    // A callback, not an async function: every request passes here, most of them reads. Only
    // the session cookie is read (the cookie plugin parses no request's header: app.ts).
    app.addHook('onRequest', (request, _reply, done) => {
      const raw = cookieValue(request.headers.cookie, cookieName);
      request.sessionSecret = raw && SESSION_SECRET.test(raw) ? raw : null;
      if (SAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) {
        done();
        return;
      }
      const refused = refusal(request);
      if (refused) done(refused);
      else done();
    });

    /**
     * Hands the browser the session cookie and its XSRF-TOKEN: for `secret` (a signed-in
     * session), or else for the current cookie, or a new anonymous one.
     */
    app.decorateReply('issueSessionCookies', function (this: FastifyReply, secret?: string) {
      const request: FastifyRequest = this.request;
      const value =
        secret ?? request.sessionSecret ?? options.random.bytes(32).toString('base64url');
      request.sessionSecret = value;
      this.setCookie(cookieName, value, { ...cookieOptions, httpOnly: true });
      this.setCookie(XSRF_COOKIE, csrfTokenFor(csrfKey, value), {
        ...cookieOptions,
        httpOnly: false,
      });
      return value;
    });

    /** A fresh anonymous session (after logout): the old secret and its token stop working. */
    app.decorateReply('resetSessionCookies', function (this: FastifyReply) {
      return this.issueSessionCookies(options.random.bytes(32).toString('base64url'));
    });
  },
  { name: 'session', dependencies: ['@fastify/cookie'] },
);

declare module 'fastify' {
  interface FastifyReply {
    /** Sets the session and XSRF-TOKEN cookies (see the plugin). */
    issueSessionCookies(secret?: string): string;
    resetSessionCookies(): string;
  }
}
