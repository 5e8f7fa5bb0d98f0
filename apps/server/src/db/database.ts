import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'drizzle-orm/logger';
import { DatabaseBusyError } from '../errors/database-busy.ts';
/**
 * The tables are their owners' (`*.schema.ts` beside each module and platform part, decision 30):
 * the connection knows none of them, so nothing here imports a module. Queries name their tables;
 * drizzle's relational API (`db.query.*`), which needs the schema here, is not used.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several processes at once. */
  migrate(): Promise<void>;
  /** Cheap round-trip used by /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
// Any constant works; it only has to be the same in every process of this product.
const MIGRATION_LOCK_KEY = 7_402_166;

export interface PgliteHandle extends DatabaseHandle {
  /** A gzipped tarball of the whole database, which `openPglite({ loadDataDir })` restores. */
  dump(): Promise<Blob>;
}

/** PostgreSQL in WebAssembly: `dataDir` on disk, or in memory when omitted (tests). */
/** Sees every statement drizzle sends (tests count a use case's statements with it). */
export interface StatementObserver {
  onStatement(sql: string): void;
}

const loggerOf = (observer?: StatementObserver): { logger?: Logger } =>
  observer ? { logger: { logQuery: (query) => observer.onStatement(query) } } : {};

export async function openPglite(
  options: { dataDir?: string; loadDataDir?: Blob; observer?: StatementObserver } = {},
): Promise<PgliteHandle> {
  const client = options.dataDir
    ? await PGlite.create({ dataDir: options.dataDir })
    : await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  const db = drizzlePglite(client, loggerOf(options.observer)) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    // One process owns a PGlite folder (see data-dir-lock.ts), so no cross-process lock is needed.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: async () => client.dumpDataDir('gzip'),
  };
}

/** node-postgres's words when no connection came within `connectionTimeoutMillis`. */
const CONNECT_TIMEOUT_MESSAGES = new Set([
  // Every connection of a full pool stayed busy.
  'timeout exceeded when trying to connect',
  // A new connection did not open in time.
  'Connection terminated due to connection timeout',
]);

const busyOr = (error: unknown): unknown =>
  error instanceof Error && CONNECT_TIMEOUT_MESSAGES.has(error.message)
    ? new DatabaseBusyError(error)
    : error;

/**
 * Makes the pool's connect-timeout failures a typed DatabaseBusyError (node-postgres gives them
 * no code), for `pool.query` (which connects through `this.connect(callback)`) and transactions
 * (`pool.connect()`) alike, so the error handler answers 503 rather than 500.
 */
function reportBusyConnects(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const typed = (
    callback?: (error: unknown, client?: pg.PoolClient, done?: () => void) => void,
  ): Promise<pg.PoolClient> | undefined => {
    if (callback) return connect((error, client, done) => callback(busyOr(error), client, done));
    return connect()?.catch((error: unknown) => {
      throw busyOr(error);
    });
  };
  pool.connect = typed as typeof pool.connect;
}

export interface PostgresOptions {
  observer?: StatementObserver;
  poolSize?: number;
  /** How long a query waits for a connection before DatabaseBusyError (default 5 s). */
  connectTimeoutMs?: number;
}

export async function openPostgres(
  connectionString: string,
  options: PostgresOptions = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
  });
  reportBusyConnects(pool);
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const db = drizzlePostgres(pool, loggerOf(options.observer)) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several API processes may start together: one migrates while the others wait.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
