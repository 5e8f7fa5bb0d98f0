import type { Config } from '../../../config/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { RandomSource } from '../../../lib/random.ts';
import type { DocumentStorage } from './document-storage.ts';
import { createLocalDocumentStorage } from './local-storage.ts';
import { createS3DocumentStorage } from './s3-storage.ts';
import { createUploadSigner } from './upload-signature.ts';

export interface DocumentStorageDeps {
  clock: Clock;
  random: RandomSource;
  /** Signs the local folder's upload URLs (a key derived from it, for that alone). */
  appKey: Buffer;
}

/**
 * The storage the configuration chooses (config/document-storage.ts): S3 when S3_BUCKET is set,
 * else the local folder under DATA_DIR, whose signed PUT route is `localUploadRoutes(storage)`.
 */
export function createDocumentStorage(
  config: Pick<Config, 'documentStorage' | 'appUrl'>,
  deps: DocumentStorageDeps,
): DocumentStorage {
  const settings = config.documentStorage;
  if (settings.kind === 's3') return createS3DocumentStorage(settings, { clock: deps.clock });
  return createLocalDocumentStorage({
    root: settings.root,
    appUrl: config.appUrl,
    signer: createUploadSigner(deps.appKey),
    clock: deps.clock,
    random: deps.random,
  });
}
