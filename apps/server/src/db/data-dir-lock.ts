import fs from 'node:fs';
import path from 'node:path';
import { preparePrivateDataDir } from './data-dir-permissions.ts';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Corridor server (process ${holderPid}) is already using ${path.dirname(lockFile)}.\n` +
        `Stop it first, or start this one with a different DATA_DIR. ` +
        `If no such process is running, delete ${lockFile}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PGlite has no lock of its own, and two processes on one folder silently lose data
 * (docs/decisions/0001-embedded-database-and-lock.md). A hard link makes taking the lock atomic; a lock
 * whose process has died is taken over.
 */
export function acquireDataDirLock(dataDir: string, pid = process.pid): DataDirLock {
  // Created 0700, or refused when other users could write it (DataDirPermissionsError).
  preparePrivateDataDir(dataDir);
  const file = path.join(dataDir, 'server.lock');
  // The pid is written to a private file first and hard-linked into place, so the lock file
  // appears atomically with its content and a reader never sees it half-written.
  const draft = `${file}.${pid}.${process.hrtime.bigint()}`;
  fs.writeFileSync(draft, `${pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        fs.linkSync(draft, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = readHolder(file);
        if (holder !== undefined && isAlive(holder)) throw new DataDirLockedError(file, holder);
        // Its process is gone: take the lock over. (Two servers starting in the same instant
        // after a crash could both get here; that window is accepted and documented.)
        fs.rmSync(file, { force: true });
        continue;
      }
      let held = true;
      return {
        file,
        release() {
          if (!held) return;
          held = false;
          if (readHolder(file) === pid) fs.rmSync(file, { force: true });
        },
      };
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new DataDirLockedError(file, readHolder(file) ?? 0);
}
