import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cryptoRandom } from '../../../lib/random.ts';
import { MINUTE, TestClock } from '../../../test/clock.ts';
import { createLocalDocumentStorage, STALE_INCOMING_MS } from './local-storage.ts';
import { createUploadSigner } from './upload-signature.ts';

describe('local document storage: bodies a crash left half-received', () => {
  let root: string;
  let clock: TestClock;
  const incoming = () => path.join(root, 'documents', '.incoming');
  const storage = () =>
    createLocalDocumentStorage({
      root,
      appUrl: 'http://127.0.0.1',
      signer: createUploadSigner(crypto.randomBytes(32)),
      clock,
      random: cryptoRandom,
    });

  /** A file in `.incoming`, last written `age` ms before now on the test clock. */
  async function leftover(name: string, age: number): Promise<string> {
    const file = path.join(incoming(), name);
    await fs.mkdir(incoming(), { recursive: true });
    await fs.writeFile(file, 'half a passport');
    const written = new Date(clock.now().getTime() - age);
    await fs.utimes(file, written, written);
    return file;
  }
  const exists = (file: string) =>
    fs.stat(file).then(
      () => true,
      () => false,
    );

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'corridor-local-storage-'));
    clock = new TestClock();
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('removes the parts untouched for twice an upload URL’s lifetime, and only those', async () => {
    // A PUT that died with its process left its body in `.incoming` for good (a leftover of
    // issue 16): the disk filled with them across crashes.
    const stale = await leftover('stale.part', STALE_INCOMING_MS + MINUTE);
    const receiving = await leftover('receiving.part', 10 * MINUTE);
    const notOurs = await leftover('notes.txt', STALE_INCOMING_MS + MINUTE);

    expect(await storage().sweepIncoming()).toBe(1);
    expect(await exists(stale)).toBe(false);
    expect(await exists(receiving)).toBe(true);
    expect(await exists(notOurs)).toBe(true);

    // On the test clock, the one being received goes stale in turn once nothing writes to it.
    clock.advance(STALE_INCOMING_MS);
    expect(await storage().sweepIncoming()).toBe(1);
    expect(await exists(receiving)).toBe(false);
  });

  it('finds nothing to do before the first upload made the folder', async () => {
    expect(await storage().sweepIncoming()).toBe(0);
  });
});
