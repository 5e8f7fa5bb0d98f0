import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver 3.7 used here (it ships no types). */
interface S3rverServer {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  address: string;
  port: number;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverServer;

const require = createRequire(import.meta.url);

export const S3_TEST_BUCKET = 'corridor-documents';

export interface S3TestServer {
  /** The S3_* settings that point the app at this server. */
  env: Record<string, string>;
  /** Where s3rver keeps the objects (`{directory}/{bucket}/…`). */
  directory: string;
  stop(): Promise<void>;
}

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const sha256 = (data: string) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) =>
  crypto.createHmac('sha256', key).update(data).digest();
/** SigV4's URI encoding: RFC 3986 unreserved characters only. */
const encode = (value: string) =>
  encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Whether a presigned request carries the signature S3 would compute (AWS Signature Version 4,
 * query parameters, `UNSIGNED-PAYLOAD`): the method, path, query and every signed header, so a
 * PUT with another Content-Type, Content-Length or without `If-None-Match` does not match.
 * Expiry is not checked: the URLs are signed on the test clock.
 */
export function presignedSignatureMatches(request: http.IncomingMessage): boolean {
  const url = request.url ?? '/';
  const [pathname = '/', rawQuery = ''] = url.split('?', 2);
  const pairs = rawQuery
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [key = '', value = ''] = pair.split('=', 2);
      return [decodeURIComponent(key), decodeURIComponent(value.replace(/\+/g, ' '))] as const;
    });
  const query = new Map(pairs);
  const signature = query.get('X-Amz-Signature');
  const credential = query.get('X-Amz-Credential')?.split('/');
  const amzDate = query.get('X-Amz-Date');
  const signedHeaders = query.get('X-Amz-SignedHeaders');
  if (!signature || credential?.length !== 5 || !amzDate || !signedHeaders) return false;
  const [accessKeyId = '', date = '', region = '', service = ''] = credential;
  if (accessKeyId !== ACCESS_KEY_ID) return false;
  const canonicalQuery = pairs
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => `${encode(key)}=${encode(value)}`)
    .sort()
    .join('&');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => {
      const value = request.headers[name];
      const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
      return `${name}:${joined.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method ?? 'GET',
    pathname,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = hmac(`AWS4${SECRET_ACCESS_KEY}`, date);
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part);
  const expected = crypto.createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature;
}

/**
 * A real S3-protocol server for tests: s3rver on 127.0.0.1, a random port, a temporary folder,
 * with the bucket made. s3rver speaks the protocol (PUT, HEAD, GET, DELETE, presigned URLs) but
 * does not check Signature V4, so it sits behind a front that checks presigned requests as S3
 * does (`presignedSignatureMatches`, issue 28 S3): a PUT that changes a signed header, such as
 * its length, is refused with 403 SignatureDoesNotMatch and stores nothing. The SDK's own,
 * header-signed requests pass through. Expiry is tested on the local folder's URLs.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const S3rver = require('s3rver') as S3rverClass;
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'corridor-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  const front = http.createServer((request, response) => {
    const presigned = (request.url ?? '').includes('X-Amz-Algorithm=');
    if (presigned && !presignedSignatureMatches(request)) {
      request.resume();
      response.writeHead(403, { 'content-type': 'application/xml', connection: 'close' });
      response.end(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SignatureDoesNotMatch</Code></Error>',
      );
      return;
    }
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const frontPort = (front.address() as AddressInfo).port;
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${frontPort}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    stop: async () => {
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export type StorageKind = 'local' | 's3';

export interface StorageBackend {
  kind: StorageKind;
  /** Settings for createTestApp({ env }) or testConfig(env): DATA_DIR, or the S3_* set. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Either storage, for suites that run on both (`describe.each(['local', 's3'])`): the local
 * folder in a private temporary DATA_DIR, or s3rver.
 */
export async function startStorageBackend(kind: StorageKind): Promise<StorageBackend> {
  if (kind === 's3') {
    const server = await startS3TestServer();
    return { kind, env: server.env, stop: server.stop };
  }
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'corridor-documents-'));
  return {
    kind,
    env: { DATA_DIR: dataDir },
    stop: () => fs.rm(dataDir, { recursive: true, force: true }),
  };
}
