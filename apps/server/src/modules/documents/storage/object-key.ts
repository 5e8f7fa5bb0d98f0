import type { DocumentFileType } from '@corridor/contracts';
import type { RandomSource } from '../../../lib/random.ts';

/** The extension each stored type gets: from the type the server accepted, never a file name. */
export const EXTENSION_BY_TYPE = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
} as const satisfies Record<DocumentFileType, string>;

/**
 * `documents/{customerId}/{uuid}.{ext}`, lower-case UUIDs only. Every path, URL and S3 key of a
 * document passes this before anything touches storage, so a key can never climb out of its
 * folder (`..`, `/`, `%2e`, backslashes and NUL are simply not in the alphabet).
 */
export const OBJECT_KEY_PATTERN =
  /^documents\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|pdf)$/;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function isObjectKey(key: string): boolean {
  return OBJECT_KEY_PATTERN.test(key);
}

/**
 * A new key for one file of `customerId`. Keys are only ever made here, by the server: the
 * customer's own file name is kept as text beside it and never becomes part of a path.
 */
export function newObjectKey(
  customerId: string,
  contentType: DocumentFileType,
  random: RandomSource,
): string {
  const owner = customerId.toLowerCase();
  if (!UUID.test(owner)) throw new Error('a document key needs a customer UUID');
  const key = `documents/${owner}/${random.uuid().toLowerCase()}.${EXTENSION_BY_TYPE[contentType]}`;
  if (!isObjectKey(key)) throw new Error('the random source gave a malformed UUID');
  return key;
}

/** The customer a well-formed key belongs to, or null for anything else. */
export function customerOfKey(key: string): string | null {
  return isObjectKey(key) ? (key.split('/')[1] ?? null) : null;
}
