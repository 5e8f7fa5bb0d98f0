import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { runOpsCommand } from '../cli/ops-run.ts';
import { openPostgres, type Database, type DatabaseHandle } from '../db/database.ts';
import { operatorActions } from '../modules/operator-actions/operator-actions.schema.ts';
import { onPostgresServer, postgresDatabaseUrl } from './postgres-server.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';
import { inheritedEnvironment, testEnvironment } from './test-config.ts';

/**
 * What the ops CLI's tests share (decisions 0023, 0039): running `npm run ops`, and on PostgreSQL
 * a database of the test's own with a server (an app in this process) on it, beside which the CLI
 * opens the database itself, as an operator's would. The CLI runs in this process (runOps): its
 * own process compiled the sources again each time, seconds a command on a busy machine. Each
 * mode keeps a run of the real binary (runOpsProcess) to prove the wiring.
 */

const opsEntry = path.resolve(import.meta.dirname, '../cli/ops.ts');

export interface OpsRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run ops -- …args` with the environment `env`, in this process: its exit code and output. */
export async function runOps(env: NodeJS.ProcessEnv, ...args: string[]): Promise<OpsRun> {
  let stdout = '';
  let stderr = '';
  const code = await runOpsCommand(args, {
    env,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** `npm run ops -- …args` as its own process in `env`: its exit code and what it printed. */
export function runOpsProcess(env: NodeJS.ProcessEnv, ...args: string[]): Promise<OpsRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', opsEntry, ...args], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface OpsBesideServer {
  /** The server: an app working its jobs on the database. */
  server: TestApp;
  database: DatabaseHandle;
  /** The environment the CLI runs in: the same database, Redis, DATA_DIR and settings. */
  opsEnvironment(extra?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
}

/**
 * On the PostgreSQL server of DATABASE_URL: a database named for this file (a copy of the
 * migrated, seeded template), a folder for DATA_DIR, and an app on them with `env`; the file's
 * afterAll closes and drops them. Call the function it returns inside a test.
 */
export function postgresBesideServer(
  env: Record<string, string> = {},
  options: Omit<TestAppOptions, 'database' | 'env'> = {},
): () => Promise<OpsBesideServer> {
  const serverUrl = testEnvironment.databaseUrl ?? '';
  const name = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ops-pg-'));
  const shared = {
    DATA_DIR: folder,
    ...(testEnvironment.redisUrl ? { REDIS_PREFIX: `test:${crypto.randomUUID()}:` } : {}),
    ...env,
  };
  let database: DatabaseHandle | undefined;
  let server: TestApp | undefined;

  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (serverUrl) {
      await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  });

  return async () => {
    await onPostgresServer(
      serverUrl,
      `create database "${name}" template "${inject('postgresTemplate')}"`,
    );
    database = await openPostgres(postgresDatabaseUrl(serverUrl, name));
    server = await createTestApp({ ...options, database, env: shared });
    const opsEnvironment = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
      ...inheritedEnvironment(),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: postgresDatabaseUrl(serverUrl, name),
      ...(testEnvironment.redisUrl ? { REDIS_URL: testEnvironment.redisUrl } : {}),
      ...shared,
      ...extra,
    });
    return { server, database, opsEnvironment };
  };
}

/** The operator actions recorded about a subject (a customer, a transfer), oldest first. */
export async function operatorActionsOn(db: Database, subjectId: string) {
  const actions = await db
    .select()
    .from(operatorActions)
    .where(eq(operatorActions.subject_id, subjectId))
    .orderBy(asc(operatorActions.at));
  return actions.map(({ operator, action, subject_type, reason }) => ({
    operator,
    action,
    subject_type,
    reason,
  }));
}
