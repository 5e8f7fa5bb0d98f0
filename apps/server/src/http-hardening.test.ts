/**
 * Issue 11, "Harden the accounts surface": what every answer and every log line must hold, driven
 * through the real app (defects 3, 8, 11, 12 and 16; 9 and 10 are tested beside their code).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@corridor/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from './modules/customers/customers.schema.ts';
import { API_SECURITY_HEADER_NAMES } from './test/security-headers.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { TestBrowser } from './test/test-browser.ts';

let testApp: TestApp;
let app: FastifyInstance;

const PERSON = { name: 'Ada Lovelace', street: '12 Marylebone Road' };
const publicRoute = { config: { access: 'public' as const } };

/** A route that exists only in this test: the address the app sees. */
function addProbeRoutes(instance: FastifyInstance) {
  instance.get('/client/v1/test/ip', publicRoute, async (request) => ({ ip: request.ip }));
}

beforeAll(async () => {
  testApp = await createTestApp({
    beforeReady: (instance) => {
      addProbeRoutes(instance);
      // A unique violation: PostgreSQL's `detail` quotes the row, drizzle's message the params.
      instance.get('/client/v1/test/duplicate-customer', publicRoute, async () => {
        const crn = `CRN ${PERSON.name} ${crypto.randomUUID()}`;
        await testApp.database.db.insert(customers).values({ crn, name: PERSON.name });
        await testApp.database.db
          .insert(customers)
          .values({ crn, name: PERSON.name, second_name: PERSON.street });
        return { inserted: true };
      });
      // Logged on its own, as @fastify/websocket does: pino would make its message the `msg`.
      instance.get('/client/v1/test/logged-alone', publicRoute, async (request) => {
        try {
          await testApp.database.db
            .insert(customers)
            .values({ crn: null as unknown as string, name: PERSON.name });
        } catch (error) {
          request.log.error(error);
        }
        return { logged: true };
      });
      // A value of the wrong type: PostgreSQL names it in the message itself.
      instance.get('/client/v1/test/bad-uuid', publicRoute, async () => {
        await testApp.database.db
          .insert(customers)
          .values({ crn: crypto.randomUUID(), name: PERSON.street, country_id: PERSON.name });
        return { inserted: true };
      });
    },
  });
  app = testApp.app;
});
afterAll(() => testApp.close());

const logText = (logs: Record<string, unknown>[] = testApp.logs()) => JSON.stringify(logs);

function securityHeadersOf(response: { headers: Record<string, unknown> }) {
  return Object.fromEntries(
    API_SECURITY_HEADER_NAMES.map((name) => [name, response.headers[name]]),
  );
}

function expectHardened(response: LightMyRequestResponse) {
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
}

describe('defect 3: database errors never log their values', () => {
  it('defect 3: a failed insert logs its SQL and code, never the name or address it carried, and answers the bare 500', async () => {
    for (const url of ['/client/v1/test/duplicate-customer', '/client/v1/test/bad-uuid']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Server error' });
      expect(response.body).not.toContain('Lovelace');
    }
    expect(
      (await app.inject({ method: 'GET', url: '/client/v1/test/logged-alone' })).statusCode,
    ).toBe(200);
    const lines = testApp.logs().filter((line) => line.level === 50);
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const text = logText(lines);
    expect(text).not.toContain('Lovelace');
    expect(text).not.toContain('Marylebone');
    // What an operator needs stays: the SQL text and PostgreSQL's codes.
    expect(text).toContain('insert into \\"customers\\"');
    expect(text).toContain('"code":"23505"');
    expect(text).toContain('"code":"22P02"');
    expect(text).toContain('"code":"23502"');
    expect(text).toContain('customers_crn_unique');
  });
});

describe('defect 8: router and parser errors get the envelope and the security headers', () => {
  it('defect 8: a malformed percent-encoding gets the JSON envelope and the security headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/client/v1/device/%ZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request URL is malformed.' });
    expect(response.body).not.toContain('%ZZ');
    expectHardened(response);
    // The very headers a routed answer gets.
    const routed = await app.inject({ method: 'GET', url: '/client/v1/nothing-here' });
    expect(securityHeadersOf(response)).toEqual(securityHeadersOf(routed));
  });

  it('defect 8: a path parameter over 100 characters is a 414 envelope that echoes nothing', async () => {
    const id = 'a'.repeat(101);
    const response = await app.inject({ method: 'DELETE', url: `/client/v1/device/${id}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ message: 'The request URL is too long.' });
    expect(response.body).not.toContain(id);
    expectHardened(response);
  });

  it('defect 8: a request Node cannot parse gets the JSON envelope and the security headers', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nBad Header: x\r\n\r\n');
      });
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head.toLowerCase()).toContain('content-type: application/json; charset=utf-8');
    expect(head.toLowerCase()).toContain("frame-ancestors 'none'");
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(head.toLowerCase()).toContain('cache-control: no-store');
    expect(JSON.parse(body)).toEqual({ message: 'The request could not be understood.' });
  });
});

describe('defect 11: secrets in URLs stay out of the log', () => {
  const token = crypto.randomBytes(32).toString('base64url');

  function expectTokenNowhere(logs: Record<string, unknown>[], secret: string) {
    expect(logs.length).toBeGreaterThan(0);
    for (const line of logs) expect(JSON.stringify(line)).not.toContain(secret);
  }

  it('defect 11: the reset-password link is logged without its token (API only)', async () => {
    const response = await app.inject({ method: 'GET', url: `/reset-password/${token}` });
    expect(response.statusCode).toBe(404);
    const before = testApp.logs();
    expectTokenNowhere(before, token);
    expect(logText(before)).toContain('/reset-password/[redacted]');
    for (const url of [
      `/RESET-PASSWORD/${token}/`,
      `//reset-password/${token}?x=1`,
      `/reset%2Dpassword/${token}`,
      `/?token=${token}`,
      `/client/v1/devices?page=1&signature=${token}`,
      `/reset-password/%ZZ${token}`,
    ]) {
      await app.inject({ method: 'GET', url });
    }
    expectTokenNowhere(testApp.logs(), token);
  });

  it('defect 11: the reset-password screen, served by the SPA, is logged without its token', async () => {
    const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-spa-'));
    // A built page has a <head> and <html lang> (plugins/spa-route-pages.ts refuses one without).
    fs.writeFileSync(
      path.join(webDistDir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Corridor</title></head><body></body></html>',
    );
    // At debug, where the page's successful read is logged too (decision 25).
    const withSpa = await createTestApp({
      env: { WEB_DIST_DIR: webDistDir, LOG_LEVEL: 'debug' },
      database: testApp.database,
    });
    try {
      const response = await withSpa.app.inject({ method: 'GET', url: `/reset-password/${token}` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Corridor</title>');
      const logs = withSpa.logs();
      expectTokenNowhere(logs, token);
      expect(logs.find((line) => line.msg === 'request completed')).toMatchObject({
        req: { method: 'GET', url: '/reset-password/[redacted]' },
      });
    } finally {
      await withSpa.close();
      fs.rmSync(webDistDir, { recursive: true, force: true });
    }
  });
});

describe('defect 12: TRUST_PROXY', () => {
  const PROXY = '10.0.0.1';

  /** The app as seen through the proxy, for a client at `clientIp`. */
  function behindProxy(instance: FastifyInstance, clientIp: string): FastifyInstance {
    return {
      inject: (options: InjectOptions) =>
        instance.inject({
          ...options,
          remoteAddress: PROXY,
          headers: { ...options.headers, 'x-forwarded-for': clientIp },
        }),
    } as unknown as FastifyInstance;
  }

  async function wrongSignIn(instance: FastifyInstance, clientIp: string, email: string) {
    const browser = new TestBrowser(behindProxy(instance, clientIp));
    return browser.post(apiPaths.login, { email, password: 'not-the-password-1A!' });
  }

  it('defect 12: behind a trusted proxy, each client has its own address and its own limits', async () => {
    const proxied = await createTestApp({
      env: { TRUST_PROXY: PROXY },
      database: testApp.database,
      beforeReady: addProbeRoutes,
    });
    try {
      const ip = await behindProxy(proxied.app, '203.0.113.7').inject({
        method: 'GET',
        url: '/client/v1/test/ip',
      });
      expect(ip.json()).toEqual({ ip: '203.0.113.7' });

      const email = `nobody-${crypto.randomUUID()}@example.com`;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await wrongSignIn(proxied.app, '203.0.113.7', email)).statusCode).toBe(422);
      }
      expect((await wrongSignIn(proxied.app, '203.0.113.7', email)).statusCode).toBe(429);
      // Another customer behind the same proxy is not throttled by the first one's attempts.
      expect((await wrongSignIn(proxied.app, '203.0.113.8', email)).statusCode).toBe(422);
    } finally {
      await proxied.close();
    }
  });

  it('defect 12 (guard): without TRUST_PROXY, X-Forwarded-For is ignored and cannot dodge a limit', async () => {
    const ip = await behindProxy(app, '203.0.113.7').inject({
      method: 'GET',
      url: '/client/v1/test/ip',
    });
    expect(ip.json()).toEqual({ ip: PROXY });

    const email = `nobody-${crypto.randomUUID()}@example.com`;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await wrongSignIn(app, `203.0.113.${attempt + 10}`, email)).statusCode).toBe(422);
    }
    expect((await wrongSignIn(app, '203.0.113.99', email)).statusCode).toBe(429);
  });
});

describe('defect 16: the dev mailbox answers loopback only', () => {
  const mailboxUrls = ['/dev/mailbox', '/dev/mailbox.json'];

  it('defect 16: a request for another host name (DNS rebinding) gets the 404 envelope', async () => {
    for (const url of mailboxUrls) {
      for (const host of ['rebind.example.com', 'rebind.example.com:8080', '127.0.0.1.nip.io']) {
        const response = await app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.' });
        expectHardened(response);
      }
      for (const host of ['127.0.0.1:8080', 'localhost:8080', 'LOCALHOST', '[::1]:8080']) {
        const response = await app.inject({ method: 'GET', url, headers: { host } });
        expect(response.statusCode, `${host}${url}`).toBe(200);
      }
    }
  });

  it('defect 16: a server listening on every interface has no mailbox, even for localhost', async () => {
    const exposed = await createTestApp({ env: { HOST: '0.0.0.0' }, database: testApp.database });
    try {
      for (const url of mailboxUrls) {
        const response = await exposed.app.inject({
          method: 'GET',
          url,
          headers: { host: 'localhost:8080' },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.' });
      }
    } finally {
      await exposed.close();
    }
  });
});
