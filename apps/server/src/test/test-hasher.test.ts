import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../lib/password-hasher.ts';
import { createTestPasswordHasher } from './test-hasher.ts';

// The test apps' hasher stands in for the product's everywhere but the tests of the product's
// own cost: it must answer as the product's does, only cheaper.
describe('the test password hasher', () => {
  const product = createPasswordHasher();
  const testHasher = createTestPasswordHasher();

  it('stores argon2id at the test cost, with a random salt, and verifies what it stored', async () => {
    const [first, second] = [
      await testHasher.hash('Send-Home-2026'),
      await testHasher.hash('Send-Home-2026'),
    ];
    expect(first.startsWith('$argon2id$v=19$m=1024,t=1,p=1$')).toBe(true);
    expect(first).not.toBe(second);
    expect(await testHasher.verify(first, 'Send-Home-2026')).toBe(true);
    expect(await testHasher.verify(first, 'Send-Home-2027')).toBe(false);
    expect(await testHasher.verify('not a hash', 'Send-Home-2026')).toBe(false);
  });

  it('normalises as the product does (NFKC), so either verifies the other’s hashes', async () => {
    // "ﬁ" (U+FB01) is "fi" after NFKC.
    const stored = await testHasher.hash('Con\uFB01dent-Sender-1');
    expect(await testHasher.verify(stored, 'Confident-Sender-1')).toBe(true);
    expect(await product.verify(stored, 'Confident-Sender-1')).toBe(true);
    const productStored = await product.hash('Confident-Sender-1');
    expect(await testHasher.verify(productStored, 'Con\uFB01dent-Sender-1')).toBe(true);
  });

  it('wants a rehash of a hash made with other parameters, and only of one', async () => {
    expect(testHasher.needsRehash(await testHasher.hash('Send-Home-2026'))).toBe(false);
    expect(testHasher.needsRehash(await product.hash('Send-Home-2026'))).toBe(true);
  });
});
