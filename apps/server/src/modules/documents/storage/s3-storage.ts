import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../../../config/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { DocumentStorage, SignedUpload } from './document-storage.ts';
import { isObjectKey } from './object-key.ts';
import { DocumentStorageError } from './storage-errors.ts';

interface Connection {
  client: S3Sdk.S3Client;
  sdk: typeof S3Sdk;
  getSignedUrl: typeof getSignedUrl;
}

/** The longest a presigned URL may live (SigV4). */
const MAX_EXPIRY_SECONDS = 7 * 24 * 60 * 60;

function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new DocumentStorageError('bad-key', 'not a document key');
  return key;
}

const isNotFound = (error: unknown): boolean => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** Reads a body to its end, or throws once it passes `maxBytes` (the rest is never fetched). */
async function collect(body: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    // Leaving the loop destroys the stream, which aborts the download.
    if (size > maxBytes) throw new DocumentStorageError('too-large', `over ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Documents in S3-compatible object storage (S3_BUCKET). The browser PUTs to a presigned URL
 * whose signature covers the content type, `If-None-Match: *` and the exact length;
 * S3 (not this process) then checks them. What S3 stored is checked again before a document takes the key
 * (stat, read with a limit, inspect). The AWS SDK is loaded on first use, so a server that keeps
 * documents in its folder never loads it.
 */
export function createS3DocumentStorage(config: S3StorageConfig, deps: { clock: Clock }) {
  let connection: Promise<Connection> | undefined;

  const connect = (): Promise<Connection> => {
    connection ??= (async () => {
      const [sdk, presigner] = await Promise.all([
        import('@aws-sdk/client-s3'),
        import('@aws-sdk/s3-request-presigner'),
      ]);
      const client = new sdk.S3Client({
        region: config.region,
        forcePathStyle: config.forcePathStyle,
        ...(config.endpoint ? { endpoint: config.endpoint } : {}),
        ...(config.credentials ? { credentials: config.credentials } : {}),
        // No checksum of an empty body in presigned URLs, and nothing S3-compatible services
        // may not know: checksums only where S3 requires them.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { client, sdk, getSignedUrl: presigner.getSignedUrl };
    })();
    return connection;
  };

  const storage: DocumentStorage = {
    kind: 's3',

    async signUpload(input): Promise<SignedUpload> {
      const { client, sdk, getSignedUrl } = await connect();
      const now = deps.clock.now();
      const seconds = Math.floor((input.expiresAt.getTime() - now.getTime()) / 1000);
      const expiresIn = Math.min(MAX_EXPIRY_SECONDS, Math.max(1, seconds));
      const command = new sdk.PutObjectCommand({
        Bucket: config.bucket,
        Key: checkedKey(input.key),
        ContentType: input.contentType,
        // Signed, so S3 refuses a body of another length: the 10 MB cap holds on S3 too.
        ContentLength: input.size,
        // A conditional write, signed: the URL can create the object, never replace it once a
        // document took it (AWS S3 since 2024, MinIO, R2).
        IfNoneMatch: '*',
      });
      const url = await getSignedUrl(client, command, {
        expiresIn,
        signingDate: now,
        // The presigner leaves Content-Type unsigned by default: ours must be part of it, and so
        // must the length.
        signableHeaders: new Set(['content-type', 'content-length']),
      });
      return {
        url,
        headers: { 'Content-Type': input.contentType, 'If-None-Match': '*' },
        expiresAt: new Date(now.getTime() + expiresIn * 1000),
        maxBytes: input.maxBytes,
      };
    },

    async stat(key) {
      const { client, sdk } = await connect();
      try {
        const head = await client.send(
          new sdk.HeadObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }),
        );
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async read(key, maxBytes) {
      const { client, sdk } = await connect();
      const answer = await client
        .send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }))
        .catch((error: unknown) => {
          if (isNotFound(error)) throw new DocumentStorageError('missing', 'nothing stored');
          throw error;
        });
      const body = answer.Body as Readable | undefined;
      if (!body) throw new DocumentStorageError('missing', 'no body');
      if ((answer.ContentLength ?? 0) > maxBytes) {
        body.destroy();
        throw new DocumentStorageError('too-large', `over ${maxBytes} bytes`);
      }
      return collect(body, maxBytes);
    },

    async delete(key) {
      const { client, sdk } = await connect();
      await client.send(
        new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: checkedKey(key) }),
      );
    },

    /** Closes the SDK's connections (tests, shutdown). */
    async close() {
      if (connection) (await connection).client.destroy();
    },
  };
  return storage;
}
