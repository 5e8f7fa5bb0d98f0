import type { FastifyBaseLogger } from 'fastify';
import { defineJob, type Jobs } from '../../../jobs/index.ts';
import type { DocumentStorage } from './document-storage.ts';
import { isLocalStorage } from './local-storage.ts';

/** The local folder's bodies a crash left half-received (`sweepIncoming`, local-storage.ts). */
export const sweepIncomingUploadsJob = defineJob('documents.sweep-incoming');

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sweeps them when the workers start, after a crash most likely, and every hour after. S3 keeps
 * no half-received object (a PUT stores all or nothing), so only the local folder has the job.
 */
export function registerIncomingSweep(
  jobs: Pick<Jobs, 'register'>,
  storage: DocumentStorage,
  log: Pick<FastifyBaseLogger, 'info'>,
): void {
  if (!isLocalStorage(storage)) return;
  jobs.register(
    sweepIncomingUploadsJob,
    async () => {
      const removed = await storage.sweepIncoming();
      if (removed > 0) log.info({ removed }, 'documents.incoming: half-received bodies removed');
    },
    { policy: 'stately', every: { ms: HOUR_MS, firstRunAtStart: true } },
  );
}
