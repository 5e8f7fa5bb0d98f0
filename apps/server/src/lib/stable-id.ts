import crypto from 'node:crypto';

/** The namespace of Corridor's reference data ids (a random UUID, fixed once). */
const NAMESPACE = Buffer.from('6f1d2c8a4b7e4f0a9d3c5e2b1a0f7c64', 'hex');

/**
 * A name-based UUID (RFC 9562 version 5): the same name gives the same id on every installation
 * and every start, so seeded rows keep their ids and a client may keep one across releases.
 * `stableId('payout-method', 'IN', 'INR', 'BANK-ACCOUNT')`.
 */
export function stableId(kind: string, ...key: string[]): string {
  const name = [kind, ...key].join(':');
  const hash = crypto.createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
