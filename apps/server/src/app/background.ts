import type { Database, DatabaseHandle } from '../db/database.ts';
import { createJobs, defineJob, type Jobs, type JobsLog } from '../jobs/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import { mailHandler, type Mailer } from '../modules/mail/index.ts';
import {
  realtimeBundleHandler,
  realtimeHandler,
  type Broadcaster,
} from '../modules/realtime/index.ts';
import { createOutbox, outboxKinds, type Outbox } from '../outbox/index.ts';
import { deleteExpiredIdempotencyKeys } from '../plugins/idempotency.ts';

export interface BackgroundDependencies {
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
  /** Outbox mail goes out through it (the outbox table driver or SMTP). */
  mailer: Pick<Mailer, 'send'>;
  /** Outbox realtime events go out through it (it exists before any use case runs). */
  broadcaster: Pick<Broadcaster, 'broadcast' | 'broadcastAll'>;
  /** How often a worker moves due jobs (default 1 s; 0 in tests that tick by hand). */
  tickIntervalMs?: number;
}

/** The process's jobs and outbox, with every job and outbox handler the platform has. */
export interface Background {
  jobs: Jobs;
  outbox: Outbox;
}

export const sweepIdempotencyKeysJob = defineJob('idempotency.sweep');

/** Deletes expired idempotency answers every `everyMs` (default hourly) on the injected clock. */
export function registerIdempotencySweeper(
  jobs: Pick<Jobs, 'register'>,
  { db, clock, everyMs = 60 * 60 * 1000 }: { db: Database; clock: Clock; everyMs?: number },
): void {
  jobs.register(sweepIdempotencyKeysJob, () => deleteExpiredIdempotencyKeys(db, clock.now()), {
    every: { ms: everyMs },
  });
}

/**
 * The jobs and the outbox composed here, above both: the outbox sends its dispatch as a job, so
 * it stands on jobs/, and jobs/ knows neither the outbox nor the modules. The modules' own jobs
 * are registered by the assembly (assembly.ts), in every process alike.
 */
export function createBackground(deps: BackgroundDependencies): Background {
  const { database, clock, random, log } = deps;
  const jobs = createJobs({
    database,
    clock,
    random,
    log,
    ...(deps.tickIntervalMs !== undefined ? { tickIntervalMs: deps.tickIntervalMs } : {}),
  });
  const outbox = createOutbox({ db: database.db, jobs, clock, random, log });
  // The outbox message id makes a repeated delivery the same mail (mail-port.ts).
  outbox.handle(
    outboxKinds.mail,
    mailHandler((message, id) => deps.mailer.send(message, { id })),
  );
  // A gathered use case's events of one aggregate travel as one message (decision 68).
  outbox.handle(outboxKinds.realtime, realtimeHandler(deps.broadcaster), {
    bundle: realtimeBundleHandler(deps.broadcaster),
  });
  registerIdempotencySweeper(jobs, { db: database.db, clock });
  return { jobs, outbox };
}
