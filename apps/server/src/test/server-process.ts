import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { seedReferenceData } from '../app/reference-data.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/database.ts';
import { onPostgresServer, postgresDatabaseUrl } from './postgres-server.ts';
import { inheritedEnvironment, testEnvironment } from './test-config.ts';

const entries = {
  /** `npm start`: ready once it prints its URL. */
  server: {
    file: path.resolve(import.meta.dirname, '..', 'main.ts'),
    ready: 'Corridor is running at',
  },
  /** `npm run worker`: ready once it logs that it works jobs (LOG_LEVEL info or lower). */
  worker: { file: path.resolve(import.meta.dirname, '..', 'worker.ts'), ready: 'worker.started' },
};

/**
 * The environment of `npm start` on a fresh machine, for a server process on the embedded
 * database: this process's environment without the shared PostgreSQL and Redis (CI sets them for
 * the whole suite). Inherited, a fixed test email's daily sign-up limit lived on in the shared
 * Redis from one run to the next, and the third run of the day got 429.
 */
export function embeddedServerEnvironment(settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...inheritedEnvironment(), NODE_ENV: 'test', LOG_LEVEL: 'warn', ...settings };
}

/**
 * The database of the server processes a test starts, made for that test and removed by it: the
 * suite's own kind, so the PostgreSQL pass proves on PostgreSQL what the PGlite pass proves on
 * the embedded database.
 */
export interface ServerDatabase {
  kind: DatabaseHandle['kind'];
  /** The environment of `npm start` on this database, with `settings` on top. */
  environment(settings: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /**
   * Opens the database in this process: on the embedded database only while no server runs on
   * it (one process owns a DATA_DIR).
   */
  open(): Promise<DatabaseHandle>;
  /** Drops the PostgreSQL database (closing whatever is still connected) and the DATA_DIR. */
  remove(): Promise<void>;
}

/**
 * A migrated, seeded database for server processes: with DATABASE_URL (the suite on PostgreSQL)
 * a fresh database on that server copied from the template (global-setup.ts), the processes
 * using the suite's Redis, if any, under keys of their own; else the embedded database in a
 * DATA_DIR of its own. On PostgreSQL the DATA_DIR keeps only realtime.json.
 */
export async function serverDatabase(): Promise<ServerDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-server-'));
  const serverUrl = testEnvironment.databaseUrl;
  if (!serverUrl) {
    const open = () => openPglite({ dataDir: path.join(dataDir, 'data') });
    const database = await open();
    try {
      await database.migrate();
      await seedReferenceData(database.db);
    } finally {
      await database.close();
    }
    return {
      kind: 'pglite',
      environment: (settings) => embeddedServerEnvironment({ DATA_DIR: dataDir, ...settings }),
      open,
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
  const databaseUrl = postgresDatabaseUrl(serverUrl, name);
  await onPostgresServer(
    serverUrl,
    `create database "${name}" template "${inject('postgresTemplate')}"`,
  );
  const redis = testEnvironment.redisUrl
    ? { REDIS_URL: testEnvironment.redisUrl, REDIS_PREFIX: `test:${crypto.randomUUID()}:` }
    : {};
  return {
    kind: 'postgres',
    environment: (settings) => ({
      ...inheritedEnvironment(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      ...redis,
      DATA_DIR: dataDir,
      ...settings,
    }),
    open: () => openPostgres(databaseUrl),
    remove: async () => {
      await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Children not yet exited, so a failed test still leaves no server behind. */
const running = new Set<ChildProcess>();

/** A port nobody listens on now, for a server process to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves once the process says it is ready; rejects if it exits first. */
  ready: Promise<void>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything written to stdout and stderr so far. */
  output(): string;
}

/**
 * Starts `main.ts` as `npm start` would (or `worker.ts` as `npm run worker`), in its own OS
 * process, with exactly `env` (the caller decides what it inherits). Call `killRunningServers`
 * in afterAll.
 */
export function startServer(
  env: NodeJS.ProcessEnv,
  entry: keyof typeof entries = 'server',
): ServerProcess {
  const { file, ready: readyText } = entries[entry];
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes(readyText) && resolve());
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  // A server expected to refuse is never awaited for readiness: no unhandled rejection.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}

/** SIGKILLs every server still running and waits until they are gone. */
export async function killRunningServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (child.exitCode !== null || child.signalCode !== null || !child.kill('SIGKILL'))
            resolve();
        }),
    ),
  );
}
