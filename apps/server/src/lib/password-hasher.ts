import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/** docs/product/accounts-and-sessions.md#passwords / checklist C10: argon2id, m = 64 MiB, t = 3, p = 1. */
export const ARGON2ID_PARAMS = {
  algorithm: ARGON2ID,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

const PHC_PREFIX = `$argon2id$v=19$m=${ARGON2ID_PARAMS.memoryCost},t=${ARGON2ID_PARAMS.timeCost},p=${ARGON2ID_PARAMS.parallelism}$`;

/**
 * Each hash holds 64 MiB for ~90 ms; a burst of sign-ins must queue rather than exhaust
 * memory or starve the event loop's thread pool.
 */
class Semaphore {
  private waiting: (() => void)[] = [];
  private active = 0;
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
    try {
      return await task();
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** True when a stored hash was made with other parameters (rehash at sign-in). */
  needsRehash(storedHash: string): boolean;
}

/** Passwords are NFKC-normalised (C4) and otherwise used exactly as typed (C5). */
const normalise = (password: string) => password.normalize('NFKC');

export function createPasswordHasher(concurrency = 4): PasswordHasher {
  const gate = new Semaphore(concurrency);
  return {
    hash: (password) => gate.run(() => hash(normalise(password), ARGON2ID_PARAMS)),
    verify: (storedHash, password) =>
      gate.run(async () => {
        try {
          return await verify(storedHash, normalise(password));
        } catch {
          return false;
        }
      }),
    needsRehash: (storedHash) => !storedHash.startsWith(PHC_PREFIX),
  };
}
