import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  embeddedServerEnvironment,
  freePort,
  killRunningServers,
  startServer as startProcess,
} from './test/server-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-main-'));

afterAll(async () => {
  await killRunningServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `main.ts` as `npm start` would, on the embedded database, without the SPA. */
function startServer(port: number) {
  return startProcess(embeddedServerEnvironment({ PORT: String(port), DATA_DIR: dataDir }));
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
    // Three Node processes that compile the sources, the first one creating the database: over
    // 90 s on a busy 2-core machine.
  }, 240_000);
});
