import { validationErrorSchema } from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './errors/app-error.ts';
import { tooManyAttempts } from './lib/rate-limiter.ts';
import { createTestApp, startSession, type TestApp } from './test/test-app.ts';
import { testEnvironment } from './test/test-config.ts';

let testApp: TestApp;
let app: FastifyInstance;

// Routes that exist only in this test, to reach each branch of the one error handler.
async function addProbeRoutes(instance: FastifyInstance) {
  const config = { access: 'public' as const };
  instance.get('/client/v1/test/boom', { config }, async () => {
    throw new Error('secret internals at /srv/app.ts:42');
  });
  instance.get('/client/v1/test/conflict', { config }, async () => {
    throw new AppError('conflict', {
      type: 'duplicate_transaction',
      message: 'Already sent.',
      extra: { transaction_id: 'x' },
    });
  });
  instance.post(
    '/client/v1/test/echo',
    {
      config,
      schema: {
        body: z.object({
          email: z.email(),
          amount: z.object({ value: z.string().regex(/^\d+$/) }),
        }),
      },
    },
    async (request) => request.body,
  );
  instance.post(
    '/client/v1/test/numbers',
    { config, schema: { body: z.record(z.string(), z.number()) } },
    async (request) => request.body,
  );
  instance.get('/client/v1/test/limited', { config }, async () => {
    throw tooManyAttempts(30);
  });
}

beforeAll(async () => {
  testApp = await createTestApp({ beforeReady: (instance) => addProbeRoutes(instance) });
  app = testApp.app;
});
afterAll(() => testApp.close());

describe('health', () => {
  it('GET /healthz says the process is alive', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz checks the database, and Redis when there is one', async () => {
    const response = await app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', ...(testEnvironment.redisUrl ? { redis: 'ok' } : {}) },
    });
  });
});

describe('CSRF (security-checklist B1, C34)', () => {
  it('GET /sanctum/csrf-cookie answers 204 with an HttpOnly session cookie and a readable XSRF-TOKEN', async () => {
    const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const session = response.cookies.find((c) => c.name === 'corridor_session');
    const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(xsrf).toMatchObject({ sameSite: 'Lax', path: '/' });
    expect(xsrf?.httpOnly).toBeFalsy();
    // The readable token is not the session id.
    expect(xsrf?.value).not.toBe(session?.value);
  });

  it('keeps the session on a second csrf-cookie call', async () => {
    const { cookies, headers } = await startSession(app);
    const again = await app.inject({
      method: 'GET',
      url: '/sanctum/csrf-cookie',
      headers: { cookie: headers.cookie },
    });
    const session = again.cookies.find((c) => c.name === 'corridor_session');
    expect(session?.value).toBe(cookies['corridor_session']);
  });

  it('refuses a POST under /client/v1 without the token with 419 JSON', async () => {
    const response = await app.inject({ method: 'POST', url: '/client/v1/test/echo', payload: {} });
    expect(response.statusCode).toBe(419);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual({ message: 'CSRF token mismatch.' });
  });

  it.each([
    // Changes the last character to one it is not, so the forgery never equals the token.
    ['a forged token', (xsrf: string) => `${xsrf.slice(0, -1)}${xsrf.endsWith('A') ? 'B' : 'A'}`],
    ['the token of another session', () => 'x'.repeat(43)],
    ['an empty token', () => ''],
  ])('refuses %s with 419', async (_name, forge) => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { ...headers, 'x-xsrf-token': forge(headers['x-xsrf-token']) },
      payload: { email: 'a@example.com', amount: { value: '1' } },
    });
    expect(response.statusCode).toBe(419);
  });

  it('refuses a token without its session cookie', async () => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { 'x-xsrf-token': headers['x-xsrf-token'] },
      payload: {},
    });
    expect(response.statusCode).toBe(419);
  });

  it.each([
    ['application/x-www-form-urlencoded', 'email=a%40example.com'],
    ['text/plain', '{"email":"a@example.com"}'],
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na\r\n--x--',
    ],
  ])('refuses a cross-site style %s POST with 419', async (contentType, payload) => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { cookie: headers.cookie, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(419);
  });

  it('accepts the matching token, also as X-CSRF-TOKEN', async () => {
    const { headers } = await startSession(app);
    const payload = { email: 'a@example.com', amount: { value: '10' } };
    for (const name of ['x-xsrf-token', 'x-csrf-token']) {
      const response = await app.inject({
        method: 'POST',
        url: '/client/v1/test/echo',
        headers: { cookie: headers.cookie, [name]: headers['x-xsrf-token'] },
        payload,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(payload);
    }
  });
});

describe('origins and CORS (C35)', () => {
  it('refuses a state-changing request from an unknown origin with 403, even with a valid token', async () => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { ...headers, origin: 'https://evil.example' },
      payload: { email: 'a@example.com', amount: { value: '1' } },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Requests from this origin are not allowed.' });
  });

  it('accepts the app’s own origin', async () => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { ...headers, origin: 'http://localhost:8080' },
      payload: { email: 'a@example.com', amount: { value: '1' } },
    });
    expect(response.statusCode).toBe(200);
  });

  it('never reflects an unknown origin', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/client/v1/countries',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('allows SPA_ORIGINS with credentials, exactly', async () => {
    const other = await createTestApp({
      env: { SPA_ORIGINS: 'https://app.example.com' },
      database: testApp.database,
    });
    try {
      const preflight = await other.app.inject({
        method: 'OPTIONS',
        url: '/client/v1/countries',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-xsrf-token, content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/X-XSRF-TOKEN/);
      expect(preflight.headers['access-control-allow-methods']).toBe(
        'GET, HEAD, POST, PUT, PATCH, DELETE',
      );
      expect(preflight.headers['access-control-max-age']).toBe('600');
      expect(preflight.headers['content-length']).toBe('0');
      expect(preflight.headers.vary).toMatch(/Origin/);
      // A read from the SPA's origin may be read by it; one with no Origin is not CORS at all.
      const read = await other.app.inject({
        method: 'GET',
        url: '/client/v1/countries',
        headers: { origin: 'https://app.example.com' },
      });
      expect(read.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(read.headers['access-control-allow-methods']).toBeUndefined();
      const plain = await other.app.inject({ method: 'GET', url: '/healthz' });
      expect(plain.headers['access-control-allow-origin']).toBeUndefined();
      expect(plain.headers.vary).toBe('Origin');
      // An OPTIONS request that is no preflight gets the error envelope, not a CORS answer.
      const notPreflight = await other.app.inject({
        method: 'OPTIONS',
        url: '/client/v1/countries',
        headers: { origin: 'https://app.example.com' },
      });
      expect(notPreflight.statusCode).toBe(400);
      expect(notPreflight.json()).toEqual({ message: 'The request could not be understood.' });
      const lookalike = await other.app.inject({
        method: 'GET',
        url: '/client/v1/countries',
        headers: { origin: 'https://app.example.com.evil.example' },
      });
      expect(lookalike.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('error envelopes (docs/product/api-conventions.md#errors)', () => {
  async function post(payload: string, contentType = 'application/json') {
    const { headers } = await startSession(app);
    return app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
  }

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await post('{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('answers a wrong content type with 415 JSON', async () => {
    const response = await post('<email/>', 'application/xml');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the body as application/json.' });
  });

  it('answers a 10 MB body with 413 JSON', async () => {
    const response = await post(JSON.stringify({ email: 'x'.repeat(10 * 1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('answers invalid fields with a Laravel-style 422, dotted keys for nested fields', async () => {
    const response = await post(JSON.stringify({ email: 'nope', amount: { value: 'ten' } }));
    expect(response.statusCode).toBe(422);
    const body = validationErrorSchema.parse(response.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['amount.value', 'email']);
    expect(body.message).toMatch(/\(and 1 more error\)$/);
  });

  it('answers a body of the wrong type with 422, not 500', async () => {
    const response = await post('[1,2,3]');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toHaveProperty('errors.body');
  });

  it('keys errors by field names the client chose, even "constructor"; refuses "__proto__"', async () => {
    const { headers } = await startSession(app);
    const response = await app.inject({
      method: 'POST',
      url: '/client/v1/test/numbers',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"constructor": "x", "toString": "y"}',
    });
    expect(response.statusCode).toBe(422);
    const body = validationErrorSchema.parse(response.json());
    expect(Object.keys(body.errors ?? {}).sort()).toEqual(['constructor', 'toString']);
    // Prototype poisoning is refused while parsing.
    const poisoned = await app.inject({
      method: 'POST',
      url: '/client/v1/test/numbers',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toHaveProperty('message');
  });

  it('answers an unknown API path with 404 JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });

  it('answers a known path with the wrong method with 405 and Allow', async () => {
    const { headers } = await startSession(app);
    const response = await app.inject({ method: 'DELETE', url: '/client/v1/countries', headers });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.json()).toEqual({ message: 'This method is not allowed here.' });
  });

  it('renders 409/412 types with their extra keys', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      type: 'duplicate_transaction',
      message: 'Already sent.',
      transaction_id: 'x',
    });
  });

  it('answers 429 with Retry-After', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/test/limited' });
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.json()).toEqual({
      message: 'Too many attempts. Please try again in 30 seconds.',
    });
  });

  it('never leaks a stack: a 500 says only "Server error", the log has the details and the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server error' });
    expect(response.body).not.toMatch(/secret internals|app\.ts/);
    const requestId = response.headers['x-request-id'];
    const logged = testApp.logs().find((line) => line.reqId === requestId && line.level === 50);
    expect(JSON.stringify(logged)).toMatch(/secret internals/);
  });
});

describe('response headers (C36)', () => {
  it('hardens every answer and never lets an API answer be cached', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/countries' });
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // JSON is never a page: its CSP lets nothing load (the SPA's own is in plugins/spa.test.ts).
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps credentials out of the log', async () => {
    const { headers } = await startSession(app);
    await app.inject({
      method: 'POST',
      url: '/client/v1/test/echo',
      headers,
      payload: { email: 'a@example.com', amount: { value: '1' } },
    });
    const text = JSON.stringify(testApp.logs());
    expect(text).not.toContain(headers['x-xsrf-token']);
    expect(text).not.toContain(headers.cookie.split('corridor_session=')[1]?.split(';')[0]);
  });
});

describe('cookies on https (C29)', () => {
  it('uses the __Host- prefix and Secure when APP_URL is https', async () => {
    const secure = await createTestApp({
      env: { APP_URL: 'https://send.example.com', ALLOW_SANDBOX_PROVIDERS: 'true' },
      database: testApp.database,
    });
    try {
      const response = await secure.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const session = response.cookies.find((c) => c.name === '__Host-corridor_session');
      const xsrf = response.cookies.find((c) => c.name === 'XSRF-TOKEN');
      expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(session?.domain).toBeUndefined();
      expect(xsrf).toMatchObject({ secure: true, path: '/' });
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });
});
