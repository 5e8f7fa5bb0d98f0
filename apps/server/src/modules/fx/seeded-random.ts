import crypto from 'node:crypto';
import type { RandomSource } from '../../lib/random.ts';

/**
 * A deterministic random source: SHA-256 of the seed and a counter, as a stream of bytes. The
 * same seed gives the same bytes, so a sandbox walk can be replayed (tests, a demo).
 */
export function seededRandom(seed: string): RandomSource {
  let counter = 0;
  let pool = Buffer.alloc(0);
  const bytes = (size: number): Buffer => {
    while (pool.length < size) {
      const block = crypto.createHash('sha256').update(`${seed}\u0000${counter}`).digest();
      counter += 1;
      pool = Buffer.concat([pool, block]);
    }
    const taken = pool.subarray(0, size);
    pool = pool.subarray(size);
    return Buffer.from(taken);
  };
  return {
    bytes,
    uuid: () => {
      const b = bytes(16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const hex = b.toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}
