import crypto from 'node:crypto';
import { apiPaths, livelinessTokenSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/app-per-file.ts';
import { MINUTE, SECOND, TestClock } from '../../../test/clock.ts';
import { PAGE_SECURITY_HEADER_NAMES } from '../../../test/security-headers.ts';
import { signUpCustomer } from '../../../test/test-browser.ts';
import { createLivelinessTokens, LIVELINESS_TOKEN_TTL_SECONDS } from './liveliness-token.ts';
import { SANDBOX_LIVENESS_PATH } from './liveliness.routes.ts';

/**
 * The sandbox liveness provider (issue 16): GET …/liveliness-token?api=SYSTEM answers a
 * 10-minute token and the URL of the server's own liveness page, which opens only with a genuine
 * token still valid on the injected clock.
 */
const clock = new TestClock();
const testApp = appPerFile({ clock });
let signUps = 0;

async function tokenFor() {
  signUps += 1;
  const { browser } = await signUpCustomer(testApp.app, `liveness-${signUps}@example.com`);
  const answer = await browser.get(`${apiPaths.livelinessToken}?api=SYSTEM`);
  expect(answer.statusCode, answer.body).toBe(200);
  return { browser, token: livelinessTokenSchema.parse(answer.json()) };
}

const openPage = (url: string, headers: Record<string, string> = {}) => {
  const { pathname, search } = new URL(url);
  return testApp.app.inject({
    method: 'GET',
    url: `${pathname}${search}`,
    headers: { accept: 'text/html,application/xhtml+xml', ...headers },
  });
};

describe('GET /client/v1/account-verification/liveliness-token', () => {
  it('answers a 10-minute token and the URL of the sandbox liveness page', async () => {
    const { token } = await tokenFor();
    const after = clock.now().getTime();
    const url = new URL(token.url);
    expect(`${url.origin}${url.pathname}`).toBe(`http://127.0.0.1:8080${SANDBOX_LIVENESS_PATH}`);
    expect(url.searchParams.get('token')).toBe(token.token);
    const expires = Date.parse(token.expires_at);
    // Whole seconds, issued moments ago.
    expect(expires - after).toBeGreaterThan(LIVELINESS_TOKEN_TTL_SECONDS * SECOND - 3 * SECOND);
    expect(expires - after).toBeLessThanOrEqual(LIVELINESS_TOKEN_TTL_SECONDS * SECOND);
  });

  it('answers 422 on api for a provider it does not offer', async () => {
    const { browser } = await tokenFor();
    for (const api of ['SUMSUB', 'system', 'x'.repeat(64)]) {
      const answer = await browser.get(`${apiPaths.livelinessToken}?api=${api}`);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({
        message: 'This liveness provider is not available. Use SYSTEM.',
        errors: { api: ['This liveness provider is not available. Use SYSTEM.'] },
      });
    }
    expect((await browser.get(apiPaths.livelinessToken)).statusCode).toBe(422);
  });

  it('is for signed-in customers only', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: `${apiPaths.livelinessToken}?api=SYSTEM`,
    });
    expect(answer.statusCode).toBe(401);
  });
});

describe('the sandbox liveness page', () => {
  it('opens with a valid token: a static page with the pages’ security headers', async () => {
    const { token } = await tokenFor();
    const page = await openPage(token.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const name of PAGE_SECURITY_HEADER_NAMES) expect(page.headers[name]).toBeDefined();
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('Liveness check (sandbox)');
    expect(page.body).not.toContain('<script');

    const spanish = await openPage(token.url, { 'accept-language': 'es' });
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('Prueba de vida (entorno de pruebas)');
  });

  it('refuses a token once its 10 minutes have passed: 403, an error page', async () => {
    const { token } = await tokenFor();
    clock.advance(10 * MINUTE + SECOND);
    const page = await openPage(token.url);
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('This liveness link does not work');
    // An API client gets the JSON envelope instead.
    const json = await openPage(token.url, { accept: 'application/json' });
    expect(json.statusCode).toBe(403);
    expect(json.json()).toHaveProperty('message');
  });

  it('refuses a forged, altered or missing token', async () => {
    const { token } = await tokenFor();
    const [version, customerId, expires, signature = ''] = token.token.split('.');
    const other = crypto.randomUUID();
    const later = String(Number(expires) + 3600);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [
      `${version}.${other}.${expires}.${signature}`,
      `${version}.${customerId}.${later}.${signature}`,
      `${version}.${customerId}.${expires}.${flipped}`,
      'lv1.not-a-token',
      '',
    ]) {
      const page = await openPage(
        `http://127.0.0.1:8080${SANDBOX_LIVENESS_PATH}?token=${encodeURIComponent(forged)}`,
      );
      expect(page.statusCode, forged).toBe(403);
    }
    expect((await openPage(`http://127.0.0.1:8080${SANDBOX_LIVENESS_PATH}`)).statusCode).toBe(403);
  });
});

describe('liveliness tokens', () => {
  it('are signed with a key of their own: another installation’s are refused', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ours = createLivelinessTokens(crypto.randomBytes(32));
    const theirs = createLivelinessTokens(crypto.randomBytes(32));
    const customerId = crypto.randomUUID();
    const { token, expiresAt } = ours.issue(customerId, now);
    expect(ours.verify(token, now)).toEqual({ customerId, expiresAt });
    expect(theirs.verify(token, now)).toBeNull();
    expect(ours.verify(token, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(ours.verify(token, expiresAt)).toBeNull();
  });
});
