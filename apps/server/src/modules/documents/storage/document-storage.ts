import type { DocumentFileType } from '@corridor/contracts';

/**
 * Where identity documents' files live (issue 16, docs/product/identity-documents.md): a local folder by default, or
 * S3-compatible object storage with the `S3_*` settings. The browser never streams a file through
 * the API: it PUTs it to a signed URL, without cookies, and a document then takes the key.
 */
export interface DocumentStorage {
  readonly kind: 'local' | 's3';
  /**
   * A signed PUT for one key, valid until `expiresAt`, bound to the content type and the exact
   * size (at most `maxBytes`): a body of any other length is refused by whoever checks the
   * signature (issue 28, S3). `headers` must be sent as they are (they are signed); the length
   * is the one the browser sends by itself.
   */
  signUpload(input: {
    key: string;
    contentType: DocumentFileType;
    size: number;
    maxBytes: number;
    expiresAt: Date;
  }): Promise<SignedUpload>;
  /** The stored object's size, or null when nothing was stored under the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** The whole object; refuses (throws) past `maxBytes`, so a lie about size costs nothing. */
  read(key: string, maxBytes: number): Promise<Buffer>;
  /** Removes the object; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (S3); the local folder has none. */
  close?(): Promise<void>;
}

export interface SignedUpload {
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
  maxBytes: number;
}
