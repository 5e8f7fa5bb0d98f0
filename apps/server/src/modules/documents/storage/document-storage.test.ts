import crypto from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { DOCUMENT_MAX_BYTES, DOCUMENT_UPLOAD_TTL_SECONDS } from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpServer } from '../../../app/http-server.ts';
import { loadConfig } from '../../../config/index.ts';
import { registerErrorHandling } from '../../../errors/error-handler.ts';
import { cryptoRandom } from '../../../lib/random.ts';
import { TestClock } from '../../../test/clock.ts';
import { jpegFile, pdfFile, pngFile } from '../../../test/document-files.ts';
import { startStorageBackend, type StorageBackend } from '../../../test/s3-test-server.ts';
import { createDocumentStorage } from './create-document-storage.ts';
import type { DocumentStorage } from './document-storage.ts';
import { localUploadRoutes } from './local-upload.routes.ts';
import { newObjectKey } from './object-key.ts';
import { createS3DocumentStorage } from './s3-storage.ts';

const customerId = crypto.randomUUID();
const clock = new TestClock();
const expiresAt = () => new Date(clock.now().getTime() + DOCUMENT_UPLOAD_TTL_SECONDS * 1000);

/**
 * One contract, two storages: the local folder (behind its own PUT route, on a real socket) and
 * a real S3-protocol server (s3rver), each reached the way a browser reaches it.
 */
describe.each(['local', 's3'] as const)('document storage: %s', (kind) => {
  let backend: StorageBackend;
  let storage: DocumentStorage;
  let server: FastifyInstance | undefined;
  /** Where the local route really listens (APP_URL is the public origin, as behind a proxy). */
  let listening: URL | undefined;

  /** What a browser does with a signed upload: PUT the bytes with the signed headers, no cookie. */
  const put = (url: string, headers: Record<string, string>, body: Buffer) => {
    const target = new URL(url);
    if (listening) target.host = listening.host;
    return fetch(target, { method: 'PUT', headers, body });
  };

  beforeAll(async () => {
    backend = await startStorageBackend(kind);
    const config = loadConfig({ ...backend.env, NODE_ENV: 'test' });
    storage = createDocumentStorage(config, {
      clock,
      random: cryptoRandom,
      appKey: crypto.randomBytes(32),
    });
    if (kind === 'local') {
      server = Fastify();
      registerErrorHandling(server);
      await server.register(localUploadRoutes(storage));
      listening = new URL(await server.listen({ host: '127.0.0.1', port: 0 }));
    }
  });
  afterAll(async () => {
    // Closing the server closes the storage too (localUploadRoutes' onClose).
    await (server ? server.close() : storage.close?.());
    await backend.stop();
  });

  it('signs a PUT bound to its type; the stored object can be stat, read and deleted', async () => {
    const bytes = jpegFile(320, 240);
    const key = newObjectKey(customerId, 'image/jpeg', cryptoRandom);
    expect(await storage.stat(key)).toBeNull();
    const signed = await storage.signUpload({
      key,
      contentType: 'image/jpeg',
      size: bytes.length,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: expiresAt(),
    });
    expect(signed.headers).toEqual(
      kind === 's3'
        ? { 'Content-Type': 'image/jpeg', 'If-None-Match': '*' }
        : { 'Content-Type': 'image/jpeg' },
    );
    expect(signed.maxBytes).toBe(DOCUMENT_MAX_BYTES);
    expect(Math.abs(signed.expiresAt.getTime() - expiresAt().getTime())).toBeLessThan(2000);
    expect(signed.url).toContain(key);

    const answer = await put(signed.url, signed.headers, bytes);
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(300);
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
    expect(Buffer.compare(await storage.read(key, DOCUMENT_MAX_BYTES), bytes)).toBe(0);

    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
    await storage.delete(key);
  });

  it('binds the exact size', async () => {
    const bytes = pdfFile(3);
    const key = newObjectKey(customerId, 'application/pdf', cryptoRandom);
    const signed = await storage.signUpload({
      key,
      contentType: 'application/pdf',
      size: bytes.length,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: expiresAt(),
    });
    if (kind === 's3') {
      // S3 checks what it signed: the type, the length and create-only are signed headers.
      const signedHeaders = new URL(signed.url).searchParams.get('X-Amz-SignedHeaders');
      expect(signedHeaders?.split(';')).toEqual([
        'content-length',
        'content-type',
        'host',
        'if-none-match',
      ]);
      expect(signed.url).not.toMatch(/x-amz-checksum/i);
    } else {
      expect(new URL(signed.url).searchParams.get('size')).toBe(String(bytes.length));
    }
    expect((await put(signed.url, signed.headers, bytes)).ok).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
  });

  it('refuses a PUT of another length than the one signed, and stores nothing (issue 28, S3)', async () => {
    const bytes = jpegFile(200, 100);
    const key = newObjectKey(customerId, 'image/jpeg', cryptoRandom);
    const signed = await storage.signUpload({
      key,
      contentType: 'image/jpeg',
      size: bytes.length,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: expiresAt(),
    });
    if (kind === 's3') {
      const signedHeaders = new URL(signed.url).searchParams.get('X-Amz-SignedHeaders');
      expect(signedHeaders?.split(';')).toContain('content-length');
    }
    // A bigger file (up to the 10 MB cap and past it on S3 before) and a shorter one.
    const longer = Buffer.concat([bytes, Buffer.alloc(64 * 1024)]);
    const shorter = bytes.subarray(0, bytes.length - 1);
    for (const body of [longer, shorter]) {
      const answer = await put(signed.url, signed.headers, body);
      expect(answer.status, `${body.length} bytes`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${body.length} bytes`).toBeLessThan(500);
      if (kind === 's3') expect(answer.status).toBe(403);
      await answer.arrayBuffer();
    }
    expect(await storage.stat(key)).toBeNull();
    // The length signed is still taken.
    expect((await put(signed.url, signed.headers, bytes)).ok).toBe(true);
    expect(await storage.stat(key)).toEqual({ size: bytes.length });
  });

  it('refuses to read past the limit, a key that holds nothing, and a malformed key', async () => {
    const bytes = pngFile(100, 100);
    const key = newObjectKey(customerId, 'image/png', cryptoRandom);
    const signed = await storage.signUpload({
      key,
      contentType: 'image/png',
      size: bytes.length,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: expiresAt(),
    });
    expect((await put(signed.url, signed.headers, bytes)).ok).toBe(true);
    await expect(storage.read(key, bytes.length - 1)).rejects.toMatchObject({
      reason: 'too-large',
    });
    expect((await storage.read(key, bytes.length)).length).toBe(bytes.length);

    const missing = newObjectKey(customerId, 'image/png', cryptoRandom);
    await expect(storage.read(missing, DOCUMENT_MAX_BYTES)).rejects.toMatchObject({
      reason: 'missing',
    });
    for (const bad of ['../../etc/passwd', `documents/${customerId}/../x.png`]) {
      await expect(storage.stat(bad)).rejects.toMatchObject({ reason: 'bad-key' });
      await expect(storage.read(bad, 10)).rejects.toMatchObject({ reason: 'bad-key' });
      await expect(storage.delete(bad)).rejects.toMatchObject({ reason: 'bad-key' });
      await expect(
        storage.signUpload({
          key: bad,
          contentType: 'image/png',
          size: 10,
          maxBytes: 10,
          expiresAt: expiresAt(),
        }),
      ).rejects.toMatchObject({ reason: 'bad-key' });
    }
  });
});

describe('S3 upload origin (the CSP connect-src)', () => {
  const base = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example' };
  it.each([
    ['AWS, virtual-hosted', { S3_BUCKET: 'corridor-docs', S3_REGION: 'eu-west-2' }],
    [
      'AWS, path style',
      { S3_BUCKET: 'corridor-docs', S3_REGION: 'eu-west-2', S3_FORCE_PATH_STYLE: 'true' },
    ],
    ['AWS, a bucket with dots', { S3_BUCKET: 'docs.corridor.example', S3_REGION: 'us-east-1' }],
    [
      'an endpoint, path style',
      { S3_BUCKET: 'docs', S3_ENDPOINT: 'https://minio.example.com:9000' },
    ],
    [
      'an endpoint, virtual-hosted',
      { S3_BUCKET: 'docs', S3_ENDPOINT: 'https://r2.example.com', S3_FORCE_PATH_STYLE: 'false' },
    ],
  ])('%s: the config names the origin the SDK presigns for', async (_name, env) => {
    const config = loadConfig({ ...base, ...env });
    if (config.documentStorage.kind !== 's3') throw new Error('expected S3');
    const storage = createS3DocumentStorage(config.documentStorage, { clock });
    const signed = await storage.signUpload({
      key: newObjectKey(customerId, 'image/png', cryptoRandom),
      contentType: 'image/png',
      size: 1000,
      maxBytes: DOCUMENT_MAX_BYTES,
      expiresAt: expiresAt(),
    });
    await storage.close?.();
    expect(new URL(signed.url).origin).toBe(config.documentStorage.uploadOrigin);
    // Whole seconds, never past the requested expiry (the test clock runs on meanwhile).
    const expires = Number(new URL(signed.url).searchParams.get('X-Amz-Expires'));
    expect(expires).toBeLessThanOrEqual(DOCUMENT_UPLOAD_TTL_SECONDS);
    expect(expires).toBeGreaterThanOrEqual(DOCUMENT_UPLOAD_TTL_SECONDS - 1);
  });

  it("lets the SPA's pages connect to that origin (CSP connect-src)", async () => {
    const config = loadConfig({
      ...base,
      S3_BUCKET: 'corridor-docs',
      S3_REGION: 'eu-west-2',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
    });
    const app = await createHttpServer({ config, random: cryptoRandom });
    app.get('/page', (_request, reply) => reply.type('text/html').send('<p>page</p>'));
    const page = await app.inject({ method: 'GET', url: '/page' });
    await app.close();
    const connect = /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']));
    expect(connect?.[1]?.split(' ')).toEqual([
      "'self'",
      'https://corridor-docs.s3.eu-west-2.amazonaws.com',
    ]);
  });
});
