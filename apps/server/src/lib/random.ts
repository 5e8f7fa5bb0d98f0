import crypto from 'node:crypto';

/** Injected wherever randomness decides something, so tests can make it predictable. */
export interface RandomSource {
  bytes(size: number): Buffer;
  uuid(): string;
}

export const cryptoRandom: RandomSource = {
  bytes: (size) => crypto.randomBytes(size),
  uuid: () => crypto.randomUUID(),
};
