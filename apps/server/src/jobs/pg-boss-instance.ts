import { sql } from 'drizzle-orm';
import {
  fromDrizzle,
  PgBoss,
  type ConnectionOptions,
  type Db,
  type DrizzleTransactionLike,
} from 'pg-boss';
import type { Database, DatabaseHandle } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import type { JobsLog } from './jobs.ts';
import { pgBossDatabase } from './pg-boss-database.ts';
import { PG_BOSS_SCHEMA } from './pg-boss-schema.ts';

/**
 * How often a working process runs pg-boss's maintenance, whose monitor fails the jobs active
 * past their `expireInSeconds` back to their queue (pg-boss's default is 60 s; one process per
 * interval does it, whichever claims it). With the money flow's 30 s expiry, a job a dead process
 * had claimed runs again within about 30 + 10 s plus its retry delay
 * (docs/architecture.md#a-use-case-from-route-to-sql-and-from-commit-to-socket).
 */
export const EXPIRY_CHECK_SECONDS = 10;

/**
 * Starts pg-boss on the application's database. `supervise`: run its maintenance (expiring stuck
 * jobs, retries, deleting old jobs) in this process, which is where the jobs run.
 */
export async function startPgBoss(
  database: DatabaseHandle,
  log: JobsLog,
  { supervise, wrapDb }: { supervise: boolean; wrapDb?: ((db: Db) => Db) | undefined },
): Promise<PgBoss> {
  const adapter = pgBossDatabase(database);
  const instance = new PgBoss({
    db: wrapDb ? wrapDb(adapter.db) : adapter.db,
    backend: adapter.backend,
    schema: PG_BOSS_SCHEMA,
    // The schema is the drizzle migration's (drizzle/0004_jobs.sql): a start only checks it.
    migrate: false,
    // Time-based work follows the injected clock (scheduled_jobs), never pg-boss's cron.
    schedule: false,
    supervise,
    superviseIntervalSeconds: EXPIRY_CHECK_SECONDS,
    monitorIntervalSeconds: EXPIRY_CHECK_SECONDS,
    registerInstance: false,
    openTelemetry: { enabled: false },
  });
  instance.on('error', (error) =>
    log.error({ err: error, event: 'jobs.error' }, 'job queue error'),
  );
  instance.on('warning', (warning) =>
    log.warn({ warning, event: 'jobs.warning' }, 'job queue warning'),
  );
  await instance.start();
  return instance;
}

/** Jobs of the given kinds that pg-boss holds ready or running (all processes). */
export async function countPendingInQueue(db: Database, names: string[]): Promise<number> {
  // pg-boss decides when its jobs are due by the database's clock, so that is the one to ask.
  // eslint-disable-next-line no-restricted-syntax
  const dueByPgBoss = sql`start_after <= now()`;
  const result = (await db.execute(
    sql`select count(*)::int as count from ${sql.identifier(PG_BOSS_SCHEMA)}.job
        where name in ${names} and state in ('created', 'retry', 'active') and ${dueByPgBoss}`,
  )) as unknown as { rows: { count: number }[] };
  return result.rows[0]?.count ?? 0;
}

/** pg-boss's options to write with `executor` (the use case's transaction): its jobs commit with it. */
export function withExecutor(executor: Executor): ConnectionOptions {
  // Our Database type leaves execute()'s rows untyped; the adapter reads them either way.
  return { db: fromDrizzle(executor as unknown as DrizzleTransactionLike, sql) };
}
