import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

const keys = { S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG' };

describe('document storage settings (issue 16)', () => {
  it('keeps documents in DATA_DIR by default', () => {
    expect(loadConfig({ DATA_DIR: '/srv/corridor' }).documentStorage).toEqual({
      kind: 'local',
      root: path.resolve('/srv/corridor'),
    });
  });

  it('uses S3-compatible storage with S3_BUCKET: path style and us-east-1 by default there', () => {
    expect(
      loadConfig({ ...keys, S3_BUCKET: 'docs', S3_ENDPOINT: 'http://127.0.0.1:9000/' })
        .documentStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'docs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG' },
      uploadOrigin: 'http://127.0.0.1:9000',
    });
  });

  it("on AWS itself: virtual-hosted URLs, and the SDK's own credentials without keys", () => {
    expect(
      loadConfig({ S3_BUCKET: 'corridor-docs', S3_REGION: 'eu-west-2' }).documentStorage,
    ).toEqual({
      kind: 's3',
      bucket: 'corridor-docs',
      region: 'eu-west-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      uploadOrigin: 'https://corridor-docs.s3.eu-west-2.amazonaws.com',
    });
    expect(
      loadConfig({
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'https://r2.example.com',
        S3_FORCE_PATH_STYLE: 'false',
      }).documentStorage,
    ).toMatchObject({ forcePathStyle: false, uploadOrigin: 'https://docs.r2.example.com' });
  });

  it('names what is wrong with the set, as a whole', () => {
    expect(problemsOf({ S3_ENDPOINT: 'https://s3.example.com', S3_REGION: 'eu-west-2' })).toEqual([
      'S3_BUCKET: object storage needs a bucket (S3_ENDPOINT, S3_REGION are set); unset the S3_* variables to keep documents in DATA_DIR/documents',
    ]);
    expect(problemsOf({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toEqual([
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the AWS SDK's own credentials (an instance role)",
    ]);
    expect(
      problemsOf({
        APP_URL: 'https://send.example.com',
        S3_BUCKET: 'docs',
        S3_ENDPOINT: 'http://minio.internal:9000',
      }),
    ).toEqual([
      'S3_ENDPOINT: must be https when APP_URL is (browsers refuse to upload from an https page to http)',
    ]);
  });

  it('names each malformed variable', () => {
    expect(
      problemsOf({
        S3_BUCKET: 'Not_A_Bucket',
        S3_ENDPOINT: 'https://s3.example.com/some/path',
        S3_REGION: 'EU WEST',
        S3_FORCE_PATH_STYLE: 'sometimes',
        S3_ACCESS_KEY_ID: 'has space',
        S3_SECRET_ACCESS_KEY: 'x',
      }),
    ).toEqual([
      'S3_ENDPOINT: must be an http(s) origin such as https://s3.example.com, without a path',
      'S3_REGION: must be a region such as eu-west-2',
      'S3_BUCKET: must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
      'S3_ACCESS_KEY_ID: must be the access key id, without spaces',
      'S3_FORCE_PATH_STYLE: must be true or false',
    ]);
    expect(problemsOf({ S3_BUCKET: 'docs', S3_ENDPOINT: 'ftp://s3.example.com' })).toEqual([
      'S3_ENDPOINT: must be an http(s) origin such as https://s3.example.com',
    ]);
  });
});
