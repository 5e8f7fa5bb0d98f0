import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, customerSchema, type OutboxMessage } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchBrowser } from './test/fetch-browser.ts';
import { onPostgresServer } from './test/postgres-server.ts';
import { freePort, killRunningServers, startServer } from './test/server-process.ts';
import { inheritedEnvironment, testEnvironment } from './test/test-config.ts';
import { STRONG_PASSWORD } from './test/test-browser.ts';

/**
 * Decision 16 across two OS processes of one deployment (one PostgreSQL database, one Redis):
 * a session B has cached, ended or given a new secret through A, gets 401 from B on the very
 * next request after A's answer; no pause in between, no retry.
 */
describe.runIf(Boolean(testEnvironment.databaseUrl && testEnvironment.redisUrl))(
  'the session cache across two server processes (needs DATABASE_URL + REDIS_URL)',
  () => {
    const serverUrl = testEnvironment.databaseUrl ?? '';
    const databaseName = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
    const dataDirs: string[] = [];
    let databaseCreated = false;
    let a = '';
    let b = '';

    function processEnv(databaseUrl: string, redisPrefix: string, port: number) {
      const inherited = inheritedEnvironment();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-cache-processes-'));
      dataDirs.push(dataDir);
      return {
        ...inherited,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATABASE_URL: databaseUrl,
        REDIS_URL: testEnvironment.redisUrl,
        REDIS_PREFIX: redisPrefix,
        PORT: String(port),
        DATA_DIR: dataDir,
      };
    }

    beforeAll(async () => {
      await onPostgresServer(serverUrl, `create database "${databaseName}"`);
      databaseCreated = true;
      const databaseUrl = new URL(serverUrl);
      databaseUrl.pathname = `/${databaseName}`;
      const prefix = `test:${crypto.randomUUID()}:`;
      const [portA, portB] = [await freePort(), await freePort()];
      const serverA = startServer(processEnv(databaseUrl.toString(), prefix, portA));
      const serverB = startServer(processEnv(databaseUrl.toString(), prefix, portB));
      await Promise.all([serverA.ready, serverB.ready]);
      [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    }, 60_000);

    afterAll(async () => {
      await killRunningServers();
      if (databaseCreated) {
        await onPostgresServer(serverUrl, `drop database if exists "${databaseName}" with (force)`);
      }
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** GET /profile on `origin` with exactly `cookie`, as a tab still holding it sends it. */
    const profileWith = (origin: string, cookie: string) =>
      fetch(`${origin}${apiPaths.profile}`, { headers: { accept: 'application/json', cookie } });

    /** Reads the profile twice on `origin` (the second from its cache); returns the cookie. */
    async function warm(browser: FetchBrowser, origin: string): Promise<string> {
      const cookie = browser.cookieHeader;
      for (let i = 0; i < 2; i += 1) expect((await profileWith(origin, cookie)).status).toBe(200);
      return cookie;
    }

    async function latestCode(email: string): Promise<string> {
      const mailbox = (await (await fetch(`${a}/dev/mailbox.json`)).json()) as OutboxMessage[];
      const code = /\b(\d{6})\b/.exec(mailbox.find((m) => m.to === email)?.text ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    }

    async function verifiedCustomer(email: string): Promise<FetchBrowser> {
      const browser = new FetchBrowser(a);
      const signUp = await browser.post(apiPaths.signup, {
        email,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      });
      expect(signUp.status).toBe(201);
      const otp = await latestCode(email);
      expect((await browser.post(apiPaths.verifyEmailAddress, { otp })).status).toBe(200);
      return browser;
    }

    /** Signs in through `origin` with the password; the second factor is left to the caller. */
    async function passwordOnly(email: string, origin: string): Promise<FetchBrowser> {
      const browser = new FetchBrowser(origin);
      const login = await browser.post(apiPaths.login, { email, password: STRONG_PASSWORD });
      expect(login.status).toBe(200);
      return browser;
    }

    it('sign-out through A: the very next request to B gets 401', async () => {
      const browser = new FetchBrowser(a);
      const signUp = await browser.post(apiPaths.signup, {
        email: `processes-${crypto.randomUUID()}@example.com`,
        password: STRONG_PASSWORD,
        confirm_password: STRONG_PASSWORD,
      });
      expect(signUp.status).toBe(201);
      const cookie = await warm(browser, b);
      expect((await browser.post(apiPaths.logout)).status).toBe(204);
      expect((await profileWith(b, cookie)).status).toBe(401);
    }, 120_000);

    it('the second factor through A: the old secret gets 401 from B at once, the new one 200', async () => {
      const email = `processes-${crypto.randomUUID()}@example.com`;
      await verifiedCustomer(email);
      const browser = await passwordOnly(email, a);
      const before = await warm(browser, b);
      const mfa = await browser.post(apiPaths.mfa, { otp: await latestCode(email) });
      expect(mfa.status).toBe(200);
      expect((await profileWith(b, before)).status).toBe(401);
      expect((await profileWith(b, browser.cookieHeader)).status).toBe(200);
    }, 120_000);

    it('a device signed out, and a password change, through one process: 401 from the other', async () => {
      const email = `processes-${crypto.randomUUID()}@example.com`;
      const first = await verifiedCustomer(email);
      const second = await passwordOnly(email, b);
      expect((await second.post(apiPaths.mfa, { otp: await latestCode(email) })).status).toBe(200);
      const secondOnA = await warm(second, a);
      const secondId = customerSchema.parse(await (await second.get(apiPaths.profile)).json())
        .session?.id;
      expect((await first.at(b).delete(apiPaths.device(secondId ?? ''))).status).toBe(204);
      expect((await profileWith(a, secondOnA)).status).toBe(401);

      const firstOnB = await warm(first, b);
      const change = await first.post(apiPaths.changePassword, {
        current_password: STRONG_PASSWORD,
        password: 'Another-Long-Passw0rd',
        confirm_password: 'Another-Long-Passw0rd',
      });
      expect(change.status).toBe(200);
      expect((await profileWith(b, firstOnB)).status).toBe(401);
    }, 120_000);
  },
);
