import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  embeddedServerEnvironment,
  freePort,
  killRunningServers,
  startServer,
} from '../test/server-process.ts';
import {
  DataDirPermissionsError,
  preparePrivateDataDir,
  restrictToOwner,
} from './data-dir-permissions.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-perms-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
afterAll(() => killRunningServers());

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
const isRoot = process.getuid?.() === 0;

/** Every entry under `dir` whose mode gives group or others anything, with its mode. */
function exposedEntries(dir: string): string[] {
  const exposed: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if ((stat.mode & 0o077) !== 0) {
      exposed.push(`${path.relative(dir, entry)} ${(stat.mode & 0o777).toString(8)}`);
    }
    if (stat.isDirectory())
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(dir);
  return exposed;
}

describe.skipIf(process.platform === 'win32')('DATA_DIR permissions', () => {
  it('defect 10: a DATA_DIR the server creates is 0700, whatever the umask', () => {
    const dataDir = path.join(tempDir(), 'var', 'corridor');
    const previous = process.umask(0);
    try {
      preparePrivateDataDir(dataDir);
    } finally {
      process.umask(previous);
    }
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('defect 10: an existing DATA_DIR others could read is made private', () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o755);
    preparePrivateDataDir(dataDir);
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('defect 10: a DATA_DIR group or others can write is refused with a message for the operator', () => {
    for (const mode of [0o770, 0o707, 0o777, 0o1777]) {
      const dataDir = tempDir();
      fs.chmodSync(dataDir, mode);
      expect(() => preparePrivateDataDir(dataDir)).toThrow(DataDirPermissionsError);
      expect(() => preparePrivateDataDir(dataDir)).toThrow(
        `${dataDir} is writable by group or others`,
      );
      expect(() => preparePrivateDataDir(dataDir)).toThrow(`chmod 700 ${dataDir}`);
      // Refused as it was: the server does not silently repair a folder others may have touched.
      expect(fs.statSync(dataDir).mode & 0o7777).toBe(mode);
    }
  });

  it.skipIf(!isRoot)('defect 10: a DATA_DIR owned by another user is refused', () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o700);
    fs.chownSync(dataDir, 65534, 65534);
    expect(() => preparePrivateDataDir(dataDir)).toThrow(DataDirPermissionsError);
    expect(() => preparePrivateDataDir(dataDir)).toThrow('belongs to another user (uid 65534)');
  });

  it('defect 10: restrictToOwner takes group and others off every file and folder', () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'data', 'base'), { recursive: true, mode: 0o755 });
    fs.chmodSync(path.join(dir, 'data'), 0o755);
    fs.writeFileSync(path.join(dir, 'data', 'base', '1247'), 'x');
    fs.chmodSync(path.join(dir, 'data', 'base', '1247'), 0o666);
    fs.writeFileSync(path.join(dir, 'data', 'pg_internal.init'), 'x');
    fs.chmodSync(path.join(dir, 'data', 'pg_internal.init'), 0o644);
    restrictToOwner(dir);
    expect(exposedEntries(dir)).toEqual([]);
    expect(modeOf(path.join(dir, 'data', 'base', '1247'))).toBe(0o600);
    expect(modeOf(path.join(dir, 'data'))).toBe(0o700);
  });

  it('defect 10: npm start keeps the embedded database private: DATA_DIR 0700, every file 0600', async () => {
    const dataDir = path.join(tempDir(), 'var');
    const env = embeddedServerEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir });
    delete env.PUSHER_APP_ID;
    delete env.PUSHER_APP_KEY;
    delete env.PUSHER_APP_SECRET;
    const server = startServer(env);
    await server.ready;
    // While it runs, nobody else can even look inside.
    expect(modeOf(dataDir)).toBe(0o700);
    expect(fs.existsSync(path.join(dataDir, 'realtime.json'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(exposedEntries(dataDir)).toEqual([]);
    expect(fs.readdirSync(path.join(dataDir, 'data')).length).toBeGreaterThan(0);
  }, 90_000);

  it('defect 10: npm start refuses a DATA_DIR others can write, with exit code 1 and a plain message', async () => {
    const dataDir = tempDir();
    fs.chmodSync(dataDir, 0o777);
    const env = embeddedServerEnvironment({ PORT: String(await freePort()), DATA_DIR: dataDir });
    const server = startServer(env);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`${dataDir} is writable by group or others (mode 777)`);
    expect(server.output()).not.toMatch(/\n\s+at /);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);
});
