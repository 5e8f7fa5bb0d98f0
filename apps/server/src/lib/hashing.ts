import crypto from 'node:crypto';

/**
 * Lookup hash of a high-entropy secret (session cookie, reset token): fast and unkeyed is enough.
 * One call, no Hash object: every signed-in request hashes its cookie.
 */
export const sha256 = (value: string) => crypto.hash('sha256', value, 'hex');

/** Keyed hash for low-entropy secrets (6-digit codes), so a database copy alone cannot brute-force them. */
export const hmacSha256 = (key: Buffer, value: string) =>
  crypto.createHmac('sha256', key).update(value).digest('hex');

export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
