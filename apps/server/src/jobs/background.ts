import type { DatabaseHandle } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import type { Mailer } from '../modules/mail/index.ts';
import { realtimeHandler, type Broadcaster } from '../modules/realtime/index.ts';
import { createOutbox, mailHandler, outboxKinds, type Outbox } from '../outbox/index.ts';
import { registerIdempotencySweeper } from '../plugins/idempotency.ts';
import type { Jobs } from './jobs.ts';
import { createJobs, type JobsLog } from './pg-boss-jobs.ts';

export interface BackgroundDependencies {
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  log: JobsLog;
  /** Outbox mail goes out through it (the outbox table driver or SMTP). */
  mailer: Pick<Mailer, 'send'>;
  /** Outbox realtime events go out through it (it exists before any use case runs). */
  broadcaster: Pick<Broadcaster, 'broadcast'>;
  /** How often a worker moves due jobs (default 1 s; 0 in tests that tick by hand). */
  tickIntervalMs?: number;
}

/** The process's jobs and outbox, with every job and outbox handler the product has. */
export interface Background {
  jobs: Jobs;
  outbox: Outbox;
}

/**
 * One place that registers the background work, so `npm start` (app.ts) and `npm run worker`
 * (worker.ts) run the same jobs. Modules add theirs here as they arrive (FX refresh, document
 * review, payment settlement, payouts), before `jobs.start()`.
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
  outbox.handle(outboxKinds.realtime, realtimeHandler(deps.broadcaster));
  registerIdempotencySweeper(jobs, { db: database.db, clock });
  return { jobs, outbox };
}
