/**
 * Issue 28, S3: a file PUT to an upload URL and never handed in is deleted once no document can
 * take it any more, by a job on the jobs system, on the local folder and on S3 (s3rver).
 */
import crypto from 'node:crypto';
import { uploadTokenSchema } from '@corridor/contracts';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cryptoRandom } from '../../lib/random.ts';
import { HOUR, MINUTE } from '../../test/clock.ts';
import { jpegFile } from '../../test/document-files.ts';
import { createTestApp, testConfig } from '../../test/test-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { UPLOAD_GRANT_MS } from './document-intake.ts';
import { documentsTestFile, handIn, requestToken, storeFile } from './documents-test-kit.ts';
import { documentUploads } from './documents.schema.ts';
import { createDocumentStorage } from './storage/index.ts';

const passport = (name: string) => ({
  name,
  type: 'image/jpeg' as const,
  bytes: jpegFile(300, 200),
});

describe.each(['local', 's3'] as const)('files never handed in, on %s storage', (kind) => {
  const file = documentsTestFile(kind, kind === 'local' ? 167 : 168);

  it('are deleted once their URL expired and no document can take them, every hour on the clock', async () => {
    const storage = createDocumentStorage(testConfig(file.env), {
      clock: file.clock,
      random: cryptoRandom,
      appKey: crypto.randomBytes(32),
    });
    const stored = async (key: string) => (await storage.stat(key)) !== null;
    const rowsOf = async (keys: string[]) =>
      (
        await file.testApp.database.db
          .select({ key: documentUploads.object_key })
          .from(documentUploads)
          .where(inArray(documentUploads.object_key, keys))
      ).map((row) => row.key);

    // A day ago and a minute: one file stored and left, one handed in, one URL never used.
    const first = await file.customer();
    const abandoned = await storeFile(
      file.app,
      first.browser,
      'POI',
      'PASSPORT',
      passport('a.jpg'),
    );
    const taken = await storeFile(file.app, first.browser, 'POI', 'PASSPORT', passport('b.jpg'));
    expect((await handIn(first.browser, 'POI', 'PASSPORT', [taken.object_key])).statusCode).toBe(
      201,
    );
    const unused = uploadTokenSchema.parse(
      (
        await requestToken(first.browser, 'POI', 'PASSPORT', {
          name: 'c.jpg',
          type: 'image/jpeg',
        })
      ).json(),
    );
    file.clock.advance(UPLOAD_GRANT_MS - 2 * HOUR);
    // Two hours ago: its URL has expired, but it may still be handed in today.
    const second = await file.customer();
    const recent = await storeFile(file.app, second.browser, 'POI', 'PASSPORT', passport('d.jpg'));
    file.clock.advance(2 * HOUR + MINUTE);
    // Now: its URL still lives.
    const third = await file.customer();
    const fresh = await storeFile(file.app, third.browser, 'POI', 'PASSPORT', passport('e.jpg'));

    // A process that works the jobs: the sweep runs as its workers start.
    const worker = await createTestApp({
      env: file.env,
      clock: file.clock,
      database: file.testApp.database,
    });
    try {
      // A run is over when it says what it removed.
      const runs = () =>
        worker
          .logs()
          .filter((line) => line.msg === 'documents.unclaimed: files never handed in removed');
      await waitFor(() => runs().length === 1);
      expect(runs()[0]?.removed).toBe(2);
      expect(await stored(abandoned.object_key)).toBe(false);
      expect(await rowsOf([abandoned.object_key, unused.object_key])).toEqual([]);
      expect(await stored(taken.object_key)).toBe(true);
      expect(await rowsOf([taken.object_key])).toEqual([taken.object_key]);
      expect(await stored(recent.object_key)).toBe(true);
      expect(await stored(fresh.object_key)).toBe(true);

      // A day on, the next hourly run takes the two left unclaimed, never the page.
      file.clock.advance(UPLOAD_GRANT_MS);
      await waitFor(() => runs().length === 2);
      expect(runs()[1]?.removed).toBe(2);
      expect(await stored(recent.object_key)).toBe(false);
      expect(await stored(fresh.object_key)).toBe(false);
      expect(await rowsOf([recent.object_key, fresh.object_key])).toEqual([]);
      expect(await stored(taken.object_key)).toBe(true);
    } finally {
      await worker.close();
      await storage.close?.();
    }
  }, 90_000);
});
