// The processes `npm run bench` measures: started from the repository's root, each ready once it
// prints its ready text, and a fresh PostgreSQL database for the server on PostgreSQL.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export { freePort } from '../../apps/server/src/test/server-process.ts';

export const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * The command of the npm script `name` in the package at `packageDir` (`node <flags> <file>`),
 * with this Node: the bench runs the server and the worker exactly as `npm start` and
 * `npm run worker` do, flags included (docs/decisions/0059-server-young-generation.md).
 */
export function npmScriptCommand(packageDir: string, name: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const [program, ...args] = (manifest.scripts?.[name] ?? '').split(' ').filter(Boolean);
  if (program !== 'node') {
    throw new Error(`${packageDir}/package.json: the script ${name} must be "node …"`);
  }
  return [process.execPath, ...args];
}

/**
 * The reference runtime's `node` (Node 24 LTS, .nvmrc), installed by scripts/node24.mjs when
 * missing: what production runs, and what the transfers scenario's server runs on (issue 29: on
 * this machine it spent a quarter less CPU a transfer than Node 20). BENCH_NODE=current keeps
 * this process's Node.
 */
export function referenceNode(): string {
  if (process.env.BENCH_NODE === 'current') return process.execPath;
  return execFileSync(process.execPath, [path.join(root, 'scripts', 'node24.mjs')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

/** Every child started, so the bench leaves none behind. */
const children = new Set<ChildProcess>();

export function start(
  command: string[],
  env: NodeJS.ProcessEnv,
  readyText: string,
  cwd = root,
): Promise<ChildProcess> {
  const [file, ...args] = command;
  const child = spawn(file ?? process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(readyText)) return;
      // From here on the logs are drained unread, so the bench costs the server nothing, or
      // written to BENCH_SERVER_LOG to find why a request failed.
      child.stdout?.off('data', onData);
      const keep = process.env.BENCH_SERVER_LOG;
      if (keep) child.stdout?.pipe(fs.createWriteStream(keep, { flags: 'a' }));
      else child.stdout?.resume();
      resolve(child);
    };
    child.stdout?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${command.join(' ')} exited with ${code}`)));
  });
}

/** Stops `child` and waits until it has exited. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stop));
}

async function onServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server `serverUrl` names (the server migrates it at
 * start), as each test file gets (apps/server/src/test/test-app.ts); `drop` removes it.
 */
export async function freshPostgresDatabase(
  serverUrl: string,
): Promise<{ url: string; backendPids(): Promise<number[]>; drop(): Promise<void> }> {
  const name = `corridor_bench_${crypto.randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // The backends serving the database (the bench charges their CPU time to its requests).
    backendPids: async () => {
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        const { rows } = await admin.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [name],
        );
        return rows.map((row) => row.pid);
      } finally {
        await admin.end();
      }
    },
    drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}
