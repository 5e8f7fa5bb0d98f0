import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_UPLOAD_TTL_SECONDS,
  type DocumentFileType,
} from '@corridor/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cryptoRandom } from '../../../lib/random.ts';
import { MINUTE, SECOND, TestClock } from '../../../test/clock.ts';
import { htmlNamedPdf, jpegFile, pdfFile, pngFile } from '../../../test/document-files.ts';
import { createTestApp, testConfig, type TestApp } from '../../../test/test-app.ts';
import { createDocumentStorage } from './create-document-storage.ts';
import type { DocumentStorage } from './document-storage.ts';
import { newObjectKey } from './object-key.ts';
import { createUploadSigner } from './upload-signature.ts';

/**
 * The local folder's signed PUT through the real app (issue 16, "Done when"): the URL is the
 * only credential, and everything it does not allow is refused before a byte is kept.
 */
const clock = new TestClock();
const appKey = crypto.randomBytes(32);
const customerId = crypto.randomUUID();
let dataDir = '';
let testApp: TestApp;
/** The same storage as the app's (same folder, same key): it signs what the app checks. */
let storage: DocumentStorage;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'corridor-upload-route-'));
  const env = { DATA_DIR: dataDir, APP_KEY: appKey.toString('base64url') };
  testApp = await createTestApp({ env, clock });
  storage = createDocumentStorage(testConfig(env), { clock, random: cryptoRandom, appKey });
}, 60_000);
afterAll(async () => {
  await testApp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * A signed PUT for one new key. Storage now always binds the size (issue 28, S3); without
 * `size` this is a URL signed before it did, with the maximum alone, which the route still
 * checks (413 past it) for the 30 minutes such a URL lived.
 */
async function signed(contentType: DocumentFileType, size?: number) {
  const key = newObjectKey(customerId, contentType, cryptoRandom);
  const expiresAt = new Date(clock.now().getTime() + DOCUMENT_UPLOAD_TTL_SECONDS * 1000);
  if (size === undefined) {
    const query = createUploadSigner(appKey).sign({
      key,
      contentType,
      maxBytes: DOCUMENT_MAX_BYTES,
      size: undefined,
      expiresAtSeconds: Math.floor(expiresAt.getTime() / 1000),
    });
    return { key, url: `/storage/${key}?${query}`, headers: { 'Content-Type': contentType } };
  }
  const upload = await storage.signUpload({
    key,
    contentType,
    size,
    maxBytes: DOCUMENT_MAX_BYTES,
    expiresAt,
  });
  const url = new URL(upload.url);
  return { key, url: `${url.pathname}${url.search}`, headers: upload.headers };
}

/** A browser's PUT: the signed headers, no cookie, no XSRF token. */
const put = (url: string, body: Buffer | Readable, headers: Record<string, string>) =>
  testApp.app.inject({ method: 'PUT', url, headers, payload: body });

/** Every file under DATA_DIR, relative. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('PUT /storage/documents/* (local folder)', () => {
  it('stores a file with the signed URL alone: no cookie, private modes, an empty 204', async () => {
    const bytes = jpegFile(640, 480);
    const upload = await signed('image/jpeg');
    const answer = await put(upload.url, bytes, upload.headers);
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['cache-control']).toBe('no-store');
    const file = path.join(dataDir, upload.key);
    expect(Buffer.compare(await fs.readFile(file), bytes)).toBe(0);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(dataDir, 'documents'))).mode & 0o777).toBe(0o700);
    expect(await storage.stat(upload.key)).toEqual({ size: bytes.length });
  });

  it('refuses a tampered URL with 403: signature, type, limit, size, expiry or key changed', async () => {
    const bytes = pngFile(20, 20);
    const upload = await signed('image/png');
    const url = new URL(upload.url, 'http://x');
    /** The signature with one character at `index` swapped for another. */
    const flip = (q: URLSearchParams, index: number) => {
      const chars = [...(q.get('signature') ?? '')];
      const at = (index + chars.length) % chars.length;
      chars[at] = chars[at] === 'A' ? 'B' : 'A';
      q.set('signature', chars.join(''));
    };
    const variants = [
      (q: URLSearchParams) => flip(q, -1),
      (q: URLSearchParams) => flip(q, 0),
      (q: URLSearchParams) => q.delete('signature'),
      (q: URLSearchParams) => q.set('max', String(DOCUMENT_MAX_BYTES * 10)),
      (q: URLSearchParams) => q.set('expires', String(Number(q.get('expires')) + 3600)),
      (q: URLSearchParams) => q.set('size', '10'),
      (q: URLSearchParams) => q.append('signature', q.get('signature') ?? ''),
    ];
    for (const change of variants) {
      const query = new URLSearchParams(url.search);
      change(query);
      const answer = await put(`${url.pathname}?${query.toString()}`, bytes, upload.headers);
      expect(answer.statusCode, query.toString()).toBe(403);
      expect(answer.json()).toEqual({ message: 'This upload link is not valid.' });
    }
    // Another key with this key's signature.
    const other = newObjectKey(customerId, 'image/png', cryptoRandom);
    expect((await put(`/storage/${other}${url.search}`, bytes, upload.headers)).statusCode).toBe(
      403,
    );
    expect(await filesIn(dataDir)).not.toContain(other);
    expect(await storage.stat(upload.key)).toBeNull();
  });

  it('refuses an expired URL with 403 after 30 minutes on the clock', async () => {
    const early = await signed('image/png');
    const late = await signed('image/png');
    clock.advance(29 * MINUTE);
    expect((await put(early.url, pngFile(8, 8), early.headers)).statusCode).toBe(204);
    clock.advance(MINUTE + SECOND);
    const answer = await put(late.url, pngFile(8, 8), { ...late.headers, 'accept-language': 'es' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      message: 'Este enlace de subida ha caducado. Vuelve a elegir el archivo.',
    });
    expect(await storage.stat(late.key)).toBeNull();
  });

  it('refuses a Content-Type other than the signed one with 403', async () => {
    const upload = await signed('application/pdf');
    for (const type of ['image/png', 'text/html', 'application/json', 'application/pdfx']) {
      const answer = await put(upload.url, pdfFile(1), { 'content-type': type });
      expect(answer.statusCode, type).toBe(403);
    }
    expect((await put(upload.url, pdfFile(1), {})).statusCode).toBe(403);
    expect(await storage.stat(upload.key)).toBeNull();
  });

  it('takes exactly 10 MB; refuses 10 MB + 1 byte with 413, announced or streamed', async () => {
    const before = await filesIn(dataDir);
    const head = jpegFile(64, 64);
    const body = (size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
    const tooBig = await signed('image/jpeg');
    const announced = await put(tooBig.url, body(DOCUMENT_MAX_BYTES + 1), tooBig.headers);
    expect(announced.statusCode).toBe(413);
    expect(announced.json()).toEqual({ message: 'The file is larger than 10 MB.' });
    // No Content-Length: counted as it streams, and cut at the first byte too many.
    const chunks = Array.from({ length: 11 }, (_, i) =>
      i === 0 ? body(1024 * 1024) : Buffer.alloc(1024 * 1024),
    );
    const streamed = await put(tooBig.url, Readable.from(chunks), {
      ...tooBig.headers,
      'transfer-encoding': 'chunked',
    });
    expect(streamed.statusCode).toBe(413);
    expect(await filesIn(dataDir)).toEqual(before);

    const exact = await signed('image/jpeg');
    expect((await put(exact.url, body(DOCUMENT_MAX_BYTES), exact.headers)).statusCode).toBe(204);
    expect(await storage.stat(exact.key)).toEqual({ size: DOCUMENT_MAX_BYTES });
  });

  it('stores once: a second PUT to the same URL is 409 and leaves the first file', async () => {
    const first = pngFile(10, 10);
    const upload = await signed('image/png');
    expect((await put(upload.url, first, upload.headers)).statusCode).toBe(204);
    const again = await put(upload.url, pngFile(30, 30), upload.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      type: 'upload_already_stored',
      message: 'A file has already been uploaded with this link.',
    });
    expect(Buffer.compare(await storage.read(upload.key, DOCUMENT_MAX_BYTES), first)).toBe(0);
  });

  it('refuses an HTML file named .pdf with 415: the bytes are sniffed, not the name', async () => {
    const before = await filesIn(dataDir);
    const upload = await signed('application/pdf');
    const answer = await put(upload.url, htmlNamedPdf(), upload.headers);
    expect(answer.statusCode).toBe(415);
    expect(answer.json()).toEqual({
      message: 'The file is not the JPEG, PNG, WebP or PDF it was announced as.',
    });
    // A real PNG sent as the PDF that was signed: the same.
    expect((await put(upload.url, pngFile(8, 8), upload.headers)).statusCode).toBe(415);
    expect(await filesIn(dataDir)).toEqual(before);
  });

  it('holds the browser to an announced size: another length is 403, a short body 400', async () => {
    const bytes = pdfFile(2);
    const upload = await signed('application/pdf', bytes.length);
    const longer = Buffer.concat([bytes, Buffer.from('\n')]);
    expect((await put(upload.url, longer, upload.headers)).statusCode).toBe(403);
    // Streamed without a length, and shorter than announced: nothing is kept.
    const short = await put(upload.url, Readable.from([bytes.subarray(0, 100)]), {
      ...upload.headers,
      'transfer-encoding': 'chunked',
    });
    expect(short.statusCode).toBe(400);
    expect(await storage.stat(upload.key)).toBeNull();
    expect((await put(upload.url, bytes, upload.headers)).statusCode).toBe(204);
  });

  it('never writes outside its folder: traversal in the path is refused', async () => {
    const upload = await signed('image/jpeg');
    const query = new URL(upload.url, 'http://x').search;
    const before = await filesIn(dataDir);
    const file = upload.key.split('/')[2] ?? '';
    const attempts = [
      `/storage/documents/../../x.jpg`,
      `/storage/documents/%2e%2e/%2e%2e/x.jpg`,
      `/storage/documents/${customerId}/..%2f..%2f..%2fx.jpg`,
      `/storage/documents/${customerId}/%2e%2e%2f%2e%2e%2fx.jpg`,
      `/storage/documents/${customerId}/${file}/../../../x.jpg`,
      `/storage/documents/${customerId}/..%5c..%5cx.jpg`,
      `/storage/documents/${customerId}/${file}%00.jpg`,
      `/storage/documents/${customerId.toUpperCase()}/${file}`,
      `/storage/documents/${customerId}/sub/${file}`,
      `/storage/documents/%252e%252e/x.jpg`,
    ];
    for (const attempt of attempts) {
      const answer = await put(`${attempt}${query}`, jpegFile(8, 8), upload.headers);
      // A path whose dot segments (`..`, `%2e%2e`) resolve out of /storage/documents/, as every URL
      // parser resolves them, is no upload route at all: the app's CSRF check refuses it (419).
      const escapes = !new URL(attempt, 'http://x').pathname.startsWith('/storage/documents/');
      expect(escapes ? [403, 404, 419] : [403, 404], attempt).toContain(answer.statusCode);
    }
    expect(await filesIn(dataDir)).toEqual(before);
    await expect(fs.stat(path.join(dataDir, '..', 'x.jpg'))).rejects.toThrow();
    expect(await storage.stat(upload.key)).toBeNull();
  });
});
