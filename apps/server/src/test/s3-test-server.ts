import fs from 'node:fs/promises';
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

/**
 * A real S3-protocol server for tests: s3rver on 127.0.0.1, a random port, a temporary folder,
 * with the bucket made. It speaks the protocol (PUT, HEAD, GET, DELETE, presigned URLs) but does
 * NOT check presigned signatures, expiry or signed headers (issue 16): what the signature must
 * refuse is tested on the local folder's URLs, which this server checks itself.
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
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: S3_TEST_BUCKET,
      // s3rver's built-in account.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    directory,
    stop: async () => {
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
