import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DOCUMENT_UPLOAD_TTL_SECONDS } from '@corridor/contracts';
import type { Clock } from '../../../lib/clock.ts';
import type { RandomSource } from '../../../lib/random.ts';
import type { DocumentStorage, SignedUpload } from './document-storage.ts';
import { SNIFF_BYTES, sniffDocumentType } from './inspect-document-file.ts';
import { isObjectKey } from './object-key.ts';
import { receiveBody, UploadBodyError } from './receive-upload.ts';
import { DocumentStorageError } from './storage-errors.ts';
import type { UploadSigner } from './upload-signature.ts';

/** Why the local folder refused a PUT; local-upload.routes.ts answers each with its status. */
export type UploadRefusalReason =
  | 'invalid'
  | 'expired'
  | 'wrong-type'
  | 'size-mismatch'
  | 'short-body'
  | 'too-large'
  | 'already-stored'
  | 'not-the-type'
  | 'aborted';

export class UploadRefusal extends Error {
  constructor(readonly reason: UploadRefusalReason) {
    super(`upload refused: ${reason}`);
    this.name = 'UploadRefusal';
  }
}

/** A PUT to a signed URL of the local folder, as the route hands it over. */
export interface LocalUpload {
  /** `documents/{customerId}/{uuid}.{ext}`, from the URL's path. */
  key: string;
  query: Record<string, unknown>;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

export interface LocalDocumentStorage extends DocumentStorage {
  readonly kind: 'local';
  /** Checks the signed URL and headers, then stores the body once; throws an UploadRefusal. */
  acceptUpload(upload: LocalUpload): Promise<void>;
  /**
   * Removes the bodies a crash left half-received in `documents/.incoming/`: those untouched for
   * `STALE_INCOMING_MS` on the injected clock. Resolves to how many.
   */
  sweepIncoming(): Promise<number>;
}

/** The local folder, among the storages the configuration may choose. */
export const isLocalStorage = (storage: DocumentStorage): storage is LocalDocumentStorage =>
  storage.kind === 'local' && 'acceptUpload' in storage;

/**
 * A body being received is written to as it arrives, so one untouched for twice an upload URL's
 * lifetime is no longer being received by any process: its PUT died with the process.
 */
export const STALE_INCOMING_MS = 2 * DOCUMENT_UPLOAD_TTL_SECONDS * 1000;

/** The media type of a Content-Type header, lower-case, without parameters. */
const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase();

/**
 * Documents in a local folder (the default): `{root}/documents/{customerId}/{uuid}.{ext}`,
 * folders 0700 and files 0600 like the rest of DATA_DIR. A body is written to
 * `documents/.incoming/` and linked into place only when complete and of the signed type, so a
 * key never shows half a file, and a link that finds the key taken means it was stored already.
 */
export function createLocalDocumentStorage(deps: {
  root: string;
  appUrl: string;
  signer: UploadSigner;
  clock: Clock;
  random: RandomSource;
}): LocalDocumentStorage {
  const { signer, clock, random } = deps;
  const folder = path.join(deps.root, 'documents');
  const incoming = path.join(folder, '.incoming');

  const pathOf = (key: string): string => {
    if (!isObjectKey(key)) throw new DocumentStorageError('bad-key', 'not a document key');
    const file = path.join(deps.root, ...key.split('/'));
    // The pattern already keeps keys in their folder; this says so again, for the reader.
    if (!file.startsWith(folder + path.sep)) throw new DocumentStorageError('bad-key', 'outside');
    return file;
  };
  const exists = async (file: string) => (await fs.stat(file).catch(() => null))?.isFile() ?? false;

  async function receive(upload: LocalUpload, maxBytes: number, target: string) {
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    await fs.mkdir(incoming, { recursive: true, mode: 0o700 });
    const temporary = path.join(incoming, `${random.uuid()}.part`);
    const handle = await fs.open(temporary, 'wx', 0o600);
    try {
      try {
        return {
          temporary,
          ...(await receiveBody(upload.body, handle, { maxBytes, headBytes: SNIFF_BYTES })),
        };
      } finally {
        await handle.close();
      }
    } catch (error) {
      await fs.rm(temporary, { force: true });
      if (error instanceof UploadBodyError) throw new UploadRefusal(error.reason);
      throw error;
    }
  }

  /** The signed grant of a PUT, once its URL and headers say what was signed. */
  function grantFor(upload: LocalUpload) {
    const grant = isObjectKey(upload.key) ? signer.verify(upload.key, upload.query) : null;
    if (!grant) throw new UploadRefusal('invalid');
    if (grant.expiresAtSeconds * 1000 <= clock.now().getTime()) {
      throw new UploadRefusal('expired');
    }
    if (mediaType(upload.contentType) !== grant.contentType) throw new UploadRefusal('wrong-type');
    const declared = upload.contentLength === undefined ? undefined : Number(upload.contentLength);
    if (declared !== undefined && declared > grant.maxBytes) throw new UploadRefusal('too-large');
    if (grant.size !== undefined && declared !== undefined && declared !== grant.size) {
      throw new UploadRefusal('size-mismatch');
    }
    return grant;
  }

  return {
    kind: 'local',

    async signUpload(input): Promise<SignedUpload> {
      pathOf(input.key);
      const expiresAtSeconds = Math.floor(input.expiresAt.getTime() / 1000);
      const query = signer.sign({
        key: input.key,
        contentType: input.contentType,
        maxBytes: input.maxBytes,
        size: input.size,
        expiresAtSeconds,
      });
      return {
        url: `${deps.appUrl}/storage/${input.key}?${query}`,
        headers: { 'Content-Type': input.contentType },
        expiresAt: new Date(expiresAtSeconds * 1000),
        maxBytes: input.maxBytes,
      };
    },

    async acceptUpload(upload) {
      const grant = grantFor(upload);
      const target = pathOf(upload.key);
      if (await exists(target)) throw new UploadRefusal('already-stored');
      const { temporary, size, head } = await receive(upload, grant.maxBytes, target);
      try {
        if (grant.size !== undefined && size !== grant.size) throw new UploadRefusal('short-body');
        if ((await sniffDocumentType(head)) !== grant.contentType) {
          throw new UploadRefusal('not-the-type');
        }
        // link(2) never replaces: two PUTs racing on one URL store one file.
        await fs.link(temporary, target).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new UploadRefusal('already-stored') : error;
        });
      } finally {
        await fs.rm(temporary, { force: true });
      }
    },

    async stat(key) {
      const stat = await fs.stat(pathOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      return stat?.isFile() ? { size: stat.size } : null;
    },

    async read(key, maxBytes) {
      const handle = await fs.open(pathOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw new DocumentStorageError('missing', 'nothing stored');
        throw error;
      });
      try {
        const { size } = await handle.stat();
        if (size > maxBytes) throw new DocumentStorageError('too-large', `over ${maxBytes} bytes`);
        return await handle.readFile();
      } finally {
        await handle.close();
      }
    },

    async delete(key) {
      await fs.rm(pathOf(key), { force: true });
    },

    async sweepIncoming() {
      const names = await fs.readdir(incoming).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      const cutoff = clock.now().getTime() - STALE_INCOMING_MS;
      let removed = 0;
      for (const name of names.filter((entry) => entry.endsWith('.part'))) {
        const file = path.join(incoming, name);
        const stat = await fs.stat(file).catch(() => null);
        if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
        await fs.rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
