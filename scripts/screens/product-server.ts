// The product as the browser tests run it: `node scripts/start.mjs` (which builds the web app
// when its build is missing or stale) on a free port, a fresh embedded database in a temporary
// folder, mail kept in the development mailbox.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** A first build on two busy cores takes a few minutes; a server that is not up by then is stuck. */
const START_TIMEOUT_MS = 10 * 60 * 1000;

/** What the environment may carry that would point the product elsewhere than its sandbox. */
const outsideWorld = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'IDENTITY_REVIEW_PROVIDER',
  'NAME_LOOKUP_PROVIDER',
  'PAYOUT_PROVIDER',
  'APP_URL',
  'HOST',
  'TRUST_PROXY',
  'SPA_ORIGINS',
  'PUSHER_APP_ID',
  'PUSHER_APP_KEY',
  'PUSHER_APP_SECRET',
  'PUSHER_HOST',
  'PUSHER_PORT',
  'PUSHER_SCHEME',
  'PUSHER_CLUSTER',
  'WEB_DIST_DIR',
];

export interface ProductServer {
  origin: string;
  /** Stops the server and deletes its database. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function waitUntilReady(origin: string, child: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(
        `the product did not start (exit code ${child.exitCode}; its output is above)`,
      );
    }
    const ready = await fetch(`${origin}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server was not ready within ${START_TIMEOUT_MS / 60_000} minutes`);
}

/** Starts the product and waits until it is ready; what it prints while starting is shown. */
export async function startProduct(): Promise<ProductServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-screens-'));
  const env: NodeJS.ProcessEnv = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !outsideWorld.includes(name)),
    ),
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let started = false;
  // Until the server is up, what prints is the build's progress and any reason it stops: worth
  // seeing. Once up, its warnings would only interleave with the tour's own lines.
  const collect = (chunk: Buffer) => {
    if (!started) process.stdout.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited(child);
    clearTimeout(killer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(origin, child);
  } catch (error) {
    await stop();
    throw error;
  }
  started = true;
  return { origin, stop };
}
