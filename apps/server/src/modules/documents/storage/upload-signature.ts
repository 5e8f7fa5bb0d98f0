import crypto from 'node:crypto';
import { documentFileTypes, type DocumentFileType } from '@corridor/contracts';

/** What a local upload URL allows: one PUT of one key, of one type, up to a size, until a time. */
export interface UploadGrant {
  key: string;
  contentType: DocumentFileType;
  maxBytes: number;
  /** The exact size, when the browser announced it. */
  size: number | undefined;
  /** Whole seconds since the epoch. */
  expiresAtSeconds: number;
}

const DIGITS = /^[0-9]{1,15}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The query's value for `name` when it is given exactly once, as text. */
function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

const isFileType = (value: string | undefined): value is DocumentFileType =>
  (documentFileTypes as readonly string[]).includes(value ?? '');

/**
 * Signs and checks the local folder's upload URLs: HMAC-SHA256 over everything the URL allows,
 * with a key derived from APP_KEY for this purpose only (so a signature here never means
 * anything to the cookies or CSRF tokens that APP_KEY also signs).
 */
export function createUploadSigner(appKey: Buffer) {
  const key = Buffer.from(
    crypto.hkdfSync('sha256', appKey, Buffer.alloc(0), 'corridor: document upload URLs v1', 32),
  );
  const canonical = (grant: UploadGrant) =>
    [
      'PUT',
      grant.key,
      grant.expiresAtSeconds,
      grant.contentType,
      grant.maxBytes,
      grant.size ?? '',
    ].join('\n');
  const signatureOf = (grant: UploadGrant) =>
    crypto.createHmac('sha256', key).update(canonical(grant)).digest();

  return {
    /** The URL's query string: `expires`, `type`, `max`, `size` (when known) and `signature`. */
    sign(grant: UploadGrant): string {
      const query = new URLSearchParams({
        expires: String(grant.expiresAtSeconds),
        type: grant.contentType,
        max: String(grant.maxBytes),
        ...(grant.size !== undefined ? { size: String(grant.size) } : {}),
        signature: signatureOf(grant).toString('base64url'),
      });
      return query.toString();
    },

    /**
     * The grant a request's query carries for `key`, or null when anything is missing,
     * repeated, malformed or not what was signed. Compared in constant time.
     */
    verify(key: string, query: Record<string, unknown>): UploadGrant | null {
      const [expires, type, max, size, signature] = [
        'expires',
        'type',
        'max',
        'size',
        'signature',
      ].map((name) => single(query, name));
      if (!expires || !DIGITS.test(expires) || !max || !DIGITS.test(max)) return null;
      if (size !== undefined && !DIGITS.test(size)) return null;
      if (!isFileType(type) || !signature || !SIGNATURE.test(signature)) return null;
      const grant: UploadGrant = {
        key,
        contentType: type,
        maxBytes: Number(max),
        size: size === undefined ? undefined : Number(size),
        expiresAtSeconds: Number(expires),
      };
      // The text, not its decoding: base64url ignores a last character's low bits.
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(grant).toString('base64url'));
      return given.length === expected.length && crypto.timingSafeEqual(given, expected)
        ? grant
        : null;
    },
  };
}

export type UploadSigner = ReturnType<typeof createUploadSigner>;
