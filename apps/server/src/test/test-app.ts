import fs from 'node:fs';
import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { AppDependencies, RealtimeTimers } from '../app.ts';
import type { FanOutBus } from '../modules/realtime/index.ts';
import { loadConfig, type Config } from '../config/index.ts';
import type { Clock } from '../lib/clock.ts';
import type { EvictionBus } from '../lib/eviction-bus.ts';
import {
  openPglite,
  openPostgres,
  type DatabaseHandle,
  type PostgresOptions,
} from '../db/database.ts';
import { onPostgresServer, postgresDatabaseUrl } from './postgres-server.ts';
import { createStatementCounter, type StatementCounter } from './statement-count.ts';
import { testEnvironment } from './test-config.ts';
import { createTestPasswordHasher } from './test-hasher.ts';

/**
 * A database of its own for one test file: a copy of the seeded PGlite snapshot by default,
 * or on the PostgreSQL server named by DATABASE_URL (CI runs both) a copy of the migrated,
 * seeded template database (see global-setup.ts), with `pool`'s size and connect timeout.
 */
export async function createTestDatabase(
  observer?: StatementCounter,
  pool: Pick<PostgresOptions, 'poolSize' | 'connectTimeoutMs'> = {},
): Promise<DatabaseHandle> {
  const serverUrl = testEnvironment.databaseUrl;
  if (!serverUrl) {
    const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
    return openPglite({ loadDataDir: new Blob([snapshot]), ...(observer ? { observer } : {}) });
  }
  const name = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
  await onPostgresServer(
    serverUrl,
    `create database "${name}" template "${inject('postgresTemplate')}"`,
  );
  const database = await openPostgres(postgresDatabaseUrl(serverUrl, name), {
    ...pool,
    ...(observer ? { observer } : {}),
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/**
 * With REDIS_URL set (CI), the app keeps its counters in that Redis, as in production, under
 * keys of its own so test files never count each other's hits (pass REDIS_PREFIX to share).
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: '/nonexistent',
    ...(testEnvironment.redisUrl
      ? { REDIS_URL: testEnvironment.redisUrl, REDIS_PREFIX: `test:${crypto.randomUUID()}:` }
      : {}),
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Every log line written so far, parsed. */
  logs(): Record<string, unknown>[];
  /** The statements drizzle sent on the app's own database (not on `options.database`). */
  statements: StatementCounter;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** A clock the test can move (see test/clock.ts). */
  clock?: Clock;
  database?: DatabaseHandle;
  /** Adds routes or hooks before the app is sealed (for example a route that throws). */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Realtime fan-out through this bus instead of Redis (several apps in one process). */
  fanOutBus?: FanOutBus;
  /** Cache evictions through this bus instead of Redis (several apps on one database). */
  evictionBus?: EvictionBus;
  /** Shorter realtime timers (liveness and session sweep tests). */
  realtimeTimers?: Partial<RealtimeTimers>;
  /** false: the app never works its jobs by itself (the test starts or holds them). */
  startJobs?: boolean;
  /** The idempotency plugin's clock and after-commit step (its own tests). */
  idempotency?: AppDependencies['idempotency'];
  /**
   * The password hasher: by default the product's argon2id at a test cost (test-hasher.ts); the
   * tests of the product's own cost pass `createPasswordHasher()` (or a counting wrapper of it).
   */
  hasher?: AppDependencies['hasher'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const statements = createStatementCounter();
  const database = options.database ?? (await createTestDatabase(statements));
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const app = await buildApp({
    config: testConfig(options.env),
    database,
    logStream,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.fanOutBus ? { fanOutBus: options.fanOutBus } : {}),
    ...(options.evictionBus ? { evictionBus: options.evictionBus } : {}),
    ...(options.realtimeTimers ? { realtimeTimers: options.realtimeTimers } : {}),
    ...(options.startJobs !== undefined ? { startJobs: options.startJobs } : {}),
    ...(options.idempotency ? { idempotency: options.idempotency } : {}),
    hasher: options.hasher ?? createTestPasswordHasher(),
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    logs: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    statements,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

/** The two cookies a browser would hold after GET /sanctum/csrf-cookie. */
export async function startSession(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
  const cookies = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
  const xsrf = cookies['XSRF-TOKEN'];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  return {
    cookies,
    xsrf,
    /** Headers for a state-changing request from the SPA. */
    headers: {
      cookie: Object.entries(cookies)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      'x-xsrf-token': xsrf,
    },
  };
}
