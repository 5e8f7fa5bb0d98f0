import { afterEach, describe, expect, it, vi } from 'vitest';
import { createIdempotencyKeys, newIdempotencyKey } from './idempotency-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('are random UUIDs', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(UUID_V4);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('are UUIDs too where randomUUID is missing (a page not served over https)', () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('stay the same for the same request and change with it', () => {
    const keys = createIdempotencyKeys();
    const first = keys.keyFor({ amount: '100.00' });
    expect(keys.keyFor({ amount: '100.00' })).toBe(first);
    const second = keys.keyFor({ amount: '250.00' });
    expect(second).not.toBe(first);
    // Back to the first amount: a new transfer, a new key.
    expect(keys.keyFor({ amount: '100.00' })).not.toBe(first);
  });
});
