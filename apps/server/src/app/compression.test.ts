/**
 * Issue 13: JSON answers from COMPRESS_FROM_BYTES on are compressed (brotli, else gzip) at a
 * cheap level; smaller ones and the SPA's pre-compressed files go out as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiPaths } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardedCustomer } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { COMPRESS_FROM_BYTES } from './http-server.ts';

let testApp: TestApp;
const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-compression-'));
const bigJson = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => `item-${i}`) });

beforeAll(async () => {
  // A built page has a <head> and <html lang> (plugins/spa-route-pages.ts refuses one without).
  fs.writeFileSync(
    path.join(webDistDir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Corridor</title></head><body></body></html>',
  );
  fs.mkdirSync(path.join(webDistDir, 'assets'));
  fs.writeFileSync(path.join(webDistDir, 'assets', 'pre.json'), bigJson);
  fs.writeFileSync(path.join(webDistDir, 'assets', 'pre.json.br'), brotliCompressSync(bigJson));
  fs.writeFileSync(path.join(webDistDir, 'assets', 'plain.json'), bigJson);
  testApp = await createTestApp({ env: { WEB_DIST_DIR: webDistDir } });
});

afterAll(async () => {
  await testApp.close();
  fs.rmSync(webDistDir, { recursive: true, force: true });
});

describe('compression of JSON answers', () => {
  it('compresses a large answer with brotli, or gzip, and the body is the same', async () => {
    const { browser } = await onboardedCustomer(testApp.app, 'compression@example.com');
    const get = (acceptEncoding?: string) =>
      testApp.app.inject({
        method: 'GET',
        url: apiPaths.profile,
        headers: {
          cookie: browser.cookieHeader,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(String(brotli.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString('utf8')).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    // The security headers are the same either way.
    for (const header of ['content-security-policy', 'x-content-type-options', 'cache-control']) {
      expect(brotli.headers[header]).toBe(plain.headers[header]);
    }
  });

  it('compresses a profile once while it stays the same, and again once it changes', async () => {
    const { browser } = await onboardedCustomer(testApp.app, 'compression-changes@example.com');
    const profile = async () => {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: apiPaths.profile,
        headers: { cookie: browser.cookieHeader, 'accept-encoding': 'br' },
      });
      expect(answer.headers['content-encoding']).toBe('br');
      return answer.rawPayload;
    };
    const first = await profile();
    expect((await profile()).equals(first)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(first).toString('utf8'))).toMatchObject({
      locale: 'en',
    });

    const changed = await browser.post(apiPaths.profileLocale, { locale: 'es' });
    expect(changed.statusCode).toBe(200);
    const after = JSON.parse(brotliDecompressSync(await profile()).toString('utf8')) as unknown;
    expect(after).toMatchObject({ locale: 'es' });
  });

  it('sends small answers as they are', async () => {
    const health = await testApp.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it("never compresses the SPA's files again, pre-compressed or not", async () => {
    const pre = await testApp.app.inject({
      method: 'GET',
      url: '/assets/pre.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(pre.headers['content-encoding']).toBe('br');
    expect(pre.rawPayload).toEqual(fs.readFileSync(path.join(webDistDir, 'assets', 'pre.json.br')));

    const plain = await testApp.app.inject({
      method: 'GET',
      url: '/assets/plain.json',
      headers: { 'accept-encoding': 'br' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigJson);
  });
});
