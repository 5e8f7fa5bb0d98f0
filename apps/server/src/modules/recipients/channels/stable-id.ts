import { createHash } from 'node:crypto';

/** Corridor's namespace for the ids of its payout channels and their options (a fixed v4). */
export const PAYOUT_NAMESPACE = '5b0f6a3e-8d2c-4c71-9a4e-2f7d1c0b8e61';

/**
 * A name-based UUID, version 5 (RFC 9562 §5.5: SHA-1 of the namespace and the name): the same
 * name gives the same id on every start and every re-seed, so channel and option ids stored
 * with a recipient keep meaning the same thing.
 */
export function uuidV5(name: string, namespace: string = PAYOUT_NAMESPACE): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
