import { z } from 'zod';

/**
 * Where identity documents' files live (issue 16): the local folder `DATA_DIR/documents` by
 * default, or S3-compatible object storage when S3_BUCKET is set.
 */
export type DocumentStorageConfig = LocalStorageConfig | S3StorageConfig;

export interface LocalStorageConfig {
  kind: 'local';
  /** Files are kept at `{root}/{key}`, keys being `documents/{customerId}/{uuid}.{ext}`. */
  root: string;
}

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, Ceph…); unset means AWS itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own credentials (an instance or task role, AWS_* variables). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** The origin browsers PUT files to: the page's CSP must let them connect there. */
  uploadOrigin: string;
}

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(emptyAsUndefined, schema.optional());

const endpoint = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://s3.example.com' })
  .refine((value) => {
    const url = new URL(value);
    return url.pathname === '/' && !url.search && !url.hash && !url.username;
  }, 'must be an http(s) origin such as https://s3.example.com, without a path')
  .transform((value) => new URL(value).origin);

const secret = (what: string) =>
  z.string().regex(/^\S{1,256}$/, `must be the ${what}, without spaces`);

/** The S3_* variables, spread into the environment schema (env-schema.ts). */
export const s3EnvFields = {
  S3_ENDPOINT: optional(endpoint),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]{2,32}$/, 'must be a region such as eu-west-2')),
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      ),
  ),
  S3_ACCESS_KEY_ID: optional(secret('access key id')),
  S3_SECRET_ACCESS_KEY: optional(secret('secret access key')),
  S3_FORCE_PATH_STYLE: optional(
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .transform((value) => value === 'true' || value === '1'),
  ),
};

type S3Env = z.infer<z.ZodObject<typeof s3EnvFields>>;

const DEFAULT_REGION = 'us-east-1';
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** What is wrong with the S3_* settings taken together, or nothing. */
export function documentStorageProblems(e: S3Env, appUrl: string): string[] {
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: keyId, S3_SECRET_ACCESS_KEY: secretKey } = e;
  const others = (
    [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const
  ).filter((name) => e[name] !== undefined);
  if (!bucket) {
    return others.length === 0
      ? []
      : [
          `S3_BUCKET: object storage needs a bucket (${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} set); unset the S3_* variables to keep documents in DATA_DIR/documents`,
        ];
  }
  const problems: string[] = [];
  if (Boolean(keyId) !== Boolean(secretKey)) {
    problems.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials (an instance role)",
    );
  }
  const endpointUrl = e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT) : undefined;
  // Browsers block an https page's upload to plain http (mixed content), loopback aside.
  if (
    appUrl.startsWith('https://') &&
    endpointUrl?.protocol === 'http:' &&
    !LOOPBACK_HOSTS.has(endpointUrl.hostname)
  ) {
    problems.push(
      'S3_ENDPOINT: must be https when APP_URL is (browsers refuse to upload from an https page to http)',
    );
  }
  return problems;
}

/**
 * Where browsers send the presigned PUT, as the AWS SDK builds it: path-style URLs go to the
 * endpoint itself, virtual-hosted ones to `{bucket}.{host}`. A bucket with dots is always
 * path-style over https, as the SDK does (its name would not match the TLS certificate).
 */
function uploadOrigin(
  bucket: string,
  region: string,
  endpoint: URL | undefined,
  pathStyle: boolean,
) {
  const virtual = !pathStyle && !bucket.includes('.');
  if (endpoint)
    return virtual ? `${endpoint.protocol}//${bucket}.${endpoint.host}` : endpoint.origin;
  const host = `s3.${region}.amazonaws.com`;
  return virtual ? `https://${bucket}.${host}` : `https://${host}`;
}

/** The storage the settings choose; call after documentStorageProblems found nothing. */
export function documentStorageConfig(e: S3Env, dataDir: string): DocumentStorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local', root: dataDir };
  const endpointUrl = e.S3_ENDPOINT ? new URL(e.S3_ENDPOINT) : undefined;
  const region = e.S3_REGION ?? DEFAULT_REGION;
  // S3-compatible services usually have no per-bucket host names: path style by default there.
  const forcePathStyle = e.S3_FORCE_PATH_STYLE ?? endpointUrl !== undefined;
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region,
    endpoint: endpointUrl?.origin,
    forcePathStyle,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    uploadOrigin: uploadOrigin(e.S3_BUCKET, region, endpointUrl, forcePathStyle),
  };
}
