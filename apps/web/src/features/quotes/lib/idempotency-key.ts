/**
 * A new Idempotency-Key (docs/decisions/0014): a random UUID. `crypto.randomUUID` exists only in
 * secure contexts (https, localhost); elsewhere the same UUID is built from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per transfer the customer asks for: the same request sent again (a retry after a
 * failure or a lost answer) reuses its key, so the server saves it once; another request gets
 * a new one.
 */
export function createIdempotencyKeys(): { keyFor: (request: unknown) => string } {
  let last: { body: string; key: string } | undefined;
  return {
    keyFor(request) {
      const body = JSON.stringify(request);
      if (last?.body !== body) last = { body, key: newIdempotencyKey() };
      return last.key;
    },
  };
}
