/**
 * Decision 16: the session behind a cookie is cached for a moment, and every way a session ends
 * or changes its secret still answers the very next request with 401. Each test reads the
 * profile first, so the session is in the cache when it ends.
 */
import crypto from 'node:crypto';
import { apiPaths, customerSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions } from './sessions.schema.ts';
import { createMemoryEvictionBus } from '../../lib/eviction-bus.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { verifiedCustomer } from '../../test/factories.ts';
import { createTestApp, createTestDatabase } from '../../test/test-app.ts';
import { testEnvironment } from '../../test/test-config.ts';
import {
  latestCode,
  signUpCustomer,
  STRONG_PASSWORD,
  TestBrowser,
} from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';

const clock = new TestClock();
const testApp = appPerFile({ clock });
const newEmail = () => `cache-${crypto.randomUUID()}@example.com`;

/** GET /profile with exactly `cookie`, as a tab still holding it would send it. */
async function profileWith(app: FastifyInstance, cookie: string) {
  return app.inject({
    method: 'GET',
    url: apiPaths.profile,
    headers: { accept: 'application/json', cookie },
  });
}

/** Reads the profile twice through `browser` (the second from cache) and keeps its cookie. */
async function warm(browser: TestBrowser, app: FastifyInstance = testApp.app): Promise<string> {
  const cookie = browser.cookieHeader;
  for (let i = 0; i < 2; i += 1) expect((await profileWith(app, cookie)).statusCode).toBe(200);
  return cookie;
}

/** Another device of a verified customer: password, then the emailed code. */
async function signIn(email: string, password = STRONG_PASSWORD): Promise<TestBrowser> {
  const browser = new TestBrowser(testApp.app);
  expect((await browser.post(apiPaths.login, { email, password })).statusCode).toBe(200);
  const code = await latestCode(testApp.app, email);
  expect((await browser.post(apiPaths.mfa, { otp: code })).statusCode).toBe(200);
  return browser;
}

describe('a cached session ends at once, in this process', () => {
  it('sign-out: the same cookie gets 401 on the very next request', async () => {
    const { browser } = await signUpCustomer(testApp.app, newEmail());
    const cookie = await warm(browser);
    expect((await browser.post(apiPaths.logout)).statusCode).toBe(204);
    expect((await profileWith(testApp.app, cookie)).statusCode).toBe(401);
  });

  it('a device signed out from another device gets 401 on its very next request', async () => {
    const email = newEmail();
    const { browser: a } = await verifiedCustomer(testApp.app, email);
    const b = await signIn(email);
    const bCookie = await warm(b);
    const bId = customerSchema.parse((await b.get(apiPaths.profile)).json()).session?.id ?? '';
    expect((await a.delete(apiPaths.device(bId))).statusCode).toBe(204);
    expect((await profileWith(testApp.app, bCookie)).statusCode).toBe(401);
    expect((await a.get(apiPaths.profile)).statusCode).toBe(200);
  });

  it('a password change ends every session of the customer, each at once', async () => {
    const email = newEmail();
    const { browser: a } = await verifiedCustomer(testApp.app, email);
    const b = await signIn(email);
    const [aCookie, bCookie] = [await warm(a), await warm(b)];
    const newPassword = 'Another-Long-Passw0rd';
    const change = await a.post(apiPaths.changePassword, {
      current_password: STRONG_PASSWORD,
      password: newPassword,
      confirm_password: newPassword,
    });
    expect(change.statusCode).toBe(200);
    expect((await profileWith(testApp.app, aCookie)).statusCode).toBe(401);
    expect((await profileWith(testApp.app, bCookie)).statusCode).toBe(401);
  });

  it('a password reset ends every session of the customer, each at once', async () => {
    const email = newEmail();
    const { browser } = await verifiedCustomer(testApp.app, email);
    const cookie = await warm(browser);
    expect(
      (await new TestBrowser(testApp.app).post(apiPaths.forgotPassword, { email })).statusCode,
    ).toBe(200);
    let token = '';
    await waitUntil(async () => {
      const mail = await testApp.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
      const text = mail
        .json<{ to: string; text: string }[]>()
        .find((m) => m.to === email && m.text.includes('/reset-password/'))?.text;
      const encoded = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1];
      token = encoded ? Buffer.from(encoded, 'base64url').toString('utf8') : '';
      return token !== '';
    });
    const password = 'Reset-To-Another-0ne';
    const reset = await new TestBrowser(testApp.app).post(apiPaths.resetPassword, {
      token,
      password,
      confirm_password: password,
    });
    expect(reset.statusCode).toBe(200);
    expect((await profileWith(testApp.app, cookie)).statusCode).toBe(401);
  });

  it('the second factor gives a new secret: the one before it gets 401 at once', async () => {
    const email = newEmail();
    await verifiedCustomer(testApp.app, email);
    const browser = new TestBrowser(testApp.app);
    const login = await browser.post(apiPaths.login, { email, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
    // The session owes its code: the profile is one of the few things it may read.
    const before = await warm(browser);
    const done = await browser.post(apiPaths.mfa, { otp: await latestCode(testApp.app, email) });
    expect(done.statusCode).toBe(200);
    expect((await profileWith(testApp.app, before)).statusCode).toBe(401);
    expect((await profileWith(testApp.app, browser.cookieHeader)).statusCode).toBe(200);
  });

  it('idling out and the absolute lifetime hold on the injected clock', async () => {
    const idle = await warm((await signUpCustomer(testApp.app, newEmail())).browser);
    clock.advance(30 * MINUTE + SECOND);
    expect((await profileWith(testApp.app, idle)).statusCode).toBe(401);

    const { browser } = await signUpCustomer(testApp.app, newEmail());
    const cookie = await warm(browser);
    // Kept alive by a request every 20 minutes, it still ends 12 hours after it started.
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      expect((await profileWith(testApp.app, cookie)).statusCode).toBe(200);
      clock.advance(20 * MINUTE);
    }
    expect((await profileWith(testApp.app, cookie)).statusCode).toBe(401);
  });

  it('touched_at is still written at most once a minute', async () => {
    const { browser, sessionId } = await signUpCustomer(testApp.app, newEmail());
    const touchedAt = async () => {
      const [row] = await testApp.database.db
        .select({ touched_at: sessions.touched_at })
        .from(sessions)
        .where(eq(sessions.id, sessionId));
      return row?.touched_at.getTime();
    };
    const started = await touchedAt();
    const cookie = await warm(browser);
    clock.advance(50 * SECOND);
    await warm(browser);
    expect(await touchedAt()).toBe(started);
    clock.advance(11 * SECOND);
    const touched = clock.now().getTime();
    expect((await profileWith(testApp.app, cookie)).statusCode).toBe(200);
    expect(await touchedAt()).toBeGreaterThanOrEqual(touched);
  });
});

/**
 * Two apps on one database, as two processes of one deployment: through Redis with
 * DATABASE_URL and REDIS_URL, else through an in-memory bus that stands in for it (two real
 * processes: session-cache-processes.test.ts).
 */
describe('a cached session ends at once in every app', () => {
  const closers: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
  });

  async function twoApps() {
    const database = await createTestDatabase();
    const shared = Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl);
    const bus = createMemoryEvictionBus();
    const prefix = `test:${crypto.randomUUID()}:`;
    const build = () =>
      shared
        ? createTestApp({ env: { REDIS_PREFIX: prefix }, database })
        : createTestApp({ database, evictionBus: bus.connect() });
    const [a, b] = [await build(), await build()];
    closers.push(a.close, b.close, database.close);
    return { a: a.app, b: b.app };
  }

  it('signed out through A: the next request to B gets 401, and a profile change shows in B', async () => {
    const { a, b } = await twoApps();
    const { browser } = await signUpCustomer(a, newEmail());
    const cookie = await warm(browser, b);
    const countries = (await browser.get(apiPaths.sourceCountries)).json<{
      data: { id: string }[];
    }>();
    const country = countries.data[0]?.id ?? '';
    expect((await browser.post(apiPaths.updateCountry, { country_id: country })).statusCode).toBe(
      200,
    );
    const seen = customerSchema.parse((await profileWith(b, cookie)).json());
    expect(seen.country?.id).toBe(country);

    expect((await browser.post(apiPaths.logout)).statusCode).toBe(204);
    expect((await profileWith(b, cookie)).statusCode).toBe(401);
  });
});
