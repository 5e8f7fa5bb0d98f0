import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const mainFile = path.resolve(import.meta.dirname, 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-main-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

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

/** Starts `main.ts` as `npm start` would, on the embedded database, without the SPA. */
function startServer(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', mainFile], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', () => output.includes('Corridor is running at') && resolve());
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  // A server expected to refuse is never awaited for readiness.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => output };
}

describe('npm start on one DATA_DIR', () => {
  it('prints its URL, refuses a second server on the same folder, and keeps the data', async () => {
    const port = await freePort();
    const first = startServer(port);
    await first.ready;
    expect(first.output()).toContain(`Corridor is running at http://127.0.0.1:${port}`);

    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `Another Corridor server (process ${first.child.pid}) is already using ${dataDir}`,
    );

    // The first server is untouched by the attempt.
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(ready.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // A restart finds the same database.
    const third = startServer(port);
    await third.ready;
    const countries = await fetch(`http://127.0.0.1:${port}/client/v1/countries`);
    expect(((await countries.json()) as { data: unknown[] }).data).toHaveLength(250);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 90_000);
});
