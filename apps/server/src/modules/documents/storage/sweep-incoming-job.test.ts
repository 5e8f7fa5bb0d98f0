import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, TestClock } from '../../../test/clock.ts';
import { startStorageBackend, type StorageBackend } from '../../../test/s3-test-server.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { waitUntil } from '../../../test/wait-for.ts';
import { STALE_INCOMING_MS } from './local-storage.ts';

describe('the sweep of half-received bodies, through the real app’s jobs', () => {
  let backend: StorageBackend;
  let testApp: TestApp | undefined;
  const clock = new TestClock();
  let stale: string;
  let receiving: string;

  beforeAll(async () => {
    // What a crash leaves in the local folder: one body long dead, one still arriving.
    backend = await startStorageBackend('local');
    const incoming = path.join(backend.env.DATA_DIR ?? '', 'documents', '.incoming');
    await fs.mkdir(incoming, { recursive: true });
    const leftover = async (name: string, age: number) => {
      const file = path.join(incoming, name);
      await fs.writeFile(file, 'half a passport');
      const written = new Date(clock.now().getTime() - age);
      await fs.utimes(file, written, written);
      return file;
    };
    stale = await leftover('stale.part', STALE_INCOMING_MS + MINUTE);
    receiving = await leftover('receiving.part', MINUTE);
    testApp = await createTestApp({ env: backend.env, clock });
  }, 60_000);
  afterAll(async () => {
    await testApp?.close();
    await backend.stop();
  });

  it('removes the dead body once the workers start, and leaves the one arriving', async () => {
    const exists = (file: string) =>
      fs.stat(file).then(
        () => true,
        () => false,
      );
    await waitUntil(async () => !(await exists(stale)), 30_000);
    expect(await exists(receiving)).toBe(true);
    expect(
      testApp
        ?.logs()
        .some((line) => line.msg === 'documents.incoming: half-received bodies removed'),
    ).toBe(true);
  });
});
