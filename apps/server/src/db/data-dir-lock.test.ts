import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { DataDirPermissionsError } from './data-dir-permissions.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('acquireDataDirLock', () => {
  it('refuses a second holder while the first is alive, and names the folder and the process', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`process ${process.pid}`);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('takes over a lock whose process has died', async () => {
    const dir = tempDir();
    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid ?? 0;
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, 'server.lock'), `${deadPid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('leaves no draft files behind', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(fs.readdirSync(dir)).toEqual(['server.lock']);
    lock.release();
  });

  it.skipIf(process.platform === 'win32')(
    'defect 10: creates a missing folder 0700 and a lock only its user can read',
    () => {
      const dir = path.join(tempDir(), 'var');
      const lock = acquireDataDirLock(dir);
      expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(lock.file).mode & 0o777).toBe(0o600);
      lock.release();
    },
  );

  it.skipIf(process.platform === 'win32')(
    'defect 10: refuses a folder other users can write, before taking the lock',
    () => {
      const dir = tempDir();
      fs.chmodSync(dir, 0o775);
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirPermissionsError);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
