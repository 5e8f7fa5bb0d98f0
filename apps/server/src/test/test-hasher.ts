import { hash } from '@node-rs/argon2';
import {
  ARGON2ID_PARAMS,
  createPasswordHasher,
  type PasswordHasher,
} from '../lib/password-hasher.ts';

/**
 * The test apps' argon2id cost: 1 MiB and one pass instead of the product's 64 MiB and three.
 * The product's cost is a property of its own tests (security-checklist.test.ts: the stored
 * parameters, the rehash at sign-in, the decoy hash's timing; sign-up-alike.test.ts: the work a
 * sign-up does), which build their apps with `createPasswordHasher()`. Everywhere else a hash is
 * only a step on the way to a signed-in customer: at full cost each took ~100 ms of a core on a
 * quiet machine (seconds on a busy one), and the server suite makes thousands of them.
 */
export const TEST_ARGON2ID_PARAMS = { ...ARGON2ID_PARAMS, memoryCost: 1024, timeCost: 1 } as const;

const TEST_PHC_PREFIX = `$argon2id$v=19$m=${TEST_ARGON2ID_PARAMS.memoryCost},t=${TEST_ARGON2ID_PARAMS.timeCost},p=${TEST_ARGON2ID_PARAMS.parallelism}$`;

/**
 * The product's hasher at the test cost: the product's own verification (normalisation, a
 * malformed hash is a mismatch), hashes made with TEST_ARGON2ID_PARAMS, and a stored hash needs
 * a rehash when it was made with other parameters, as in the product: so a sign-in with a
 * test-cost hash writes what the product's would, and statement budgets hold.
 */
export function createTestPasswordHasher(): PasswordHasher {
  const product = createPasswordHasher();
  return {
    // The product normalises NFKC before hashing (C4); so does this, for the same stored hash.
    hash: (password) => hash(password.normalize('NFKC'), TEST_ARGON2ID_PARAMS),
    verify: (storedHash, password) => product.verify(storedHash, password),
    needsRehash: (storedHash) => !storedHash.startsWith(TEST_PHC_PREFIX),
  };
}
