import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.ts';
import { defineJob, type Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { UPLOAD_GRANT_MS } from './document-intake.ts';
import type { DocumentsRepository } from './documents.repository.ts';
import type { DocumentStorage } from './storage/index.ts';

/** Files stored under an upload URL that no document took (issue 28, S3). */
export const sweepUnclaimedUploadsJob = defineJob('documents.sweep-unclaimed');

const HOUR_MS = 60 * 60 * 1000;
/** Keys read at a time; the sweep goes on until a read finds fewer. */
const BATCH = 100;

export interface UnclaimedUploadsDeps {
  db: Database;
  uow: Pick<UnitOfWork, 'run'>;
  clock: Clock;
  storage: DocumentStorage;
  repository: Pick<DocumentsRepository, 'unclaimedUploads' | 'forgetUnclaimedUpload'>;
}

/**
 * Deletes the files of uploads no document took, with their rows, once they can no longer
 * become a page: their URL has expired and they were issued more than `UPLOAD_GRANT_MS` ago
 * (document-intake.ts; decision 33). A taken upload is never touched, nor one whose URL still
 * lives. Resolves to how many were removed, on either storage.
 */
export function createUnclaimedUploadsSweep(deps: UnclaimedUploadsDeps) {
  const { db, uow, clock, storage, repository } = deps;
  return async function sweepUnclaimedUploads(): Promise<number> {
    let removed = 0;
    for (;;) {
      const now = clock.now();
      const bounds = { issuedBy: new Date(now.getTime() - UPLOAD_GRANT_MS), now };
      const keys = await repository.unclaimedUploads(db, { ...bounds, limit: BATCH });
      for (const key of keys) {
        const forgotten = await uow.run(async (tx) => {
          // The row first, so a hand-in racing for it waits and then finds it gone; the file in
          // the same transaction, so a delete that fails keeps the row for the next run.
          if (!(await repository.forgetUnclaimedUpload(tx, key, bounds))) return false;
          await storage.delete(key);
          return true;
        });
        if (forgotten) removed += 1;
      }
      if (keys.length < BATCH) return removed;
    }
  };
}

/** The sweep on the job queue: when the workers start, then every hour on the injected clock. */
export function registerUnclaimedUploadsSweep(
  jobs: Pick<Jobs, 'register'>,
  deps: UnclaimedUploadsDeps,
  log: Pick<FastifyBaseLogger, 'info'>,
): void {
  const sweep = createUnclaimedUploadsSweep(deps);
  jobs.register(
    sweepUnclaimedUploadsJob,
    async () => {
      const removed = await sweep();
      if (removed > 0) log.info({ removed }, 'documents.unclaimed: files never handed in removed');
    },
    { policy: 'stately', every: { ms: HOUR_MS, firstRunAtStart: true } },
  );
}
