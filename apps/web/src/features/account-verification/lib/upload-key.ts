/**
 * The Idempotency-Key of sending a document (decision 14): the same pages sent again (a retry
 * after a failure or a lost answer) reuse their key, so the server makes one document; other
 * pages get a new key. `crypto.randomUUID` exists only in secure contexts; elsewhere the same
 * UUID is built from getRandomValues.
 */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createUploadKeys(): { keyFor: (pages: readonly string[]) => string } {
  let last: { pages: string; key: string } | undefined;
  return {
    keyFor(pages) {
      const joined = pages.join('\n');
      if (last?.pages !== joined) last = { pages: joined, key: newKey() };
      return last.key;
    },
  };
}
