import fs from 'node:fs';
import path from 'node:path';

/** A DATA_DIR other local users could tamper with: the server refuses it (like a held lock). */
export class DataDirPermissionsError extends Error {
  constructor(
    readonly dataDir: string,
    readonly problem: string,
  ) {
    super(
      `${dataDir} ${problem}, so other users of this machine could read or change the database.\n` +
        `Use a folder only this user (uid ${currentUid() ?? '?'}) can write, for example: ` +
        `chown "$(id -u)" ${dataDir} && chmod 700 ${dataDir}. Or set DATA_DIR to a new folder.`,
    );
    this.name = 'DataDirPermissionsError';
  }
}

function currentUid(): number | undefined {
  return process.getuid?.();
}

/** Mode bits beyond the owner's: group and others get nothing in DATA_DIR. */
const GROUP_OR_OTHERS = 0o077;
const WRITABLE_BY_GROUP_OR_OTHERS = 0o022;

/**
 * Makes DATA_DIR private before anything is written in it. A missing folder is created 0700
 * (chmod, as the process umask would otherwise widen it); an existing one must belong to this
 * user and be writable by nobody else (else DataDirPermissionsError), and loses any access it
 * gave group and others (older versions left it 0755). Files are kept private by the umask
 * main.ts sets (0o077). On Windows, where mode bits mean little, only the folder is created.
 */
export function preparePrivateDataDir(dataDir: string): void {
  const created = fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 }) !== undefined;
  const uid = currentUid();
  if (process.platform === 'win32' || uid === undefined) return;
  if (created) {
    fs.chmodSync(dataDir, 0o700);
    return;
  }
  const stat = fs.statSync(dataDir);
  if (!stat.isDirectory()) throw new DataDirPermissionsError(dataDir, 'is not a folder');
  if (stat.uid !== uid) {
    throw new DataDirPermissionsError(dataDir, `belongs to another user (uid ${stat.uid})`);
  }
  if ((stat.mode & WRITABLE_BY_GROUP_OR_OTHERS) !== 0) {
    const mode = (stat.mode & 0o777).toString(8).padStart(3, '0');
    throw new DataDirPermissionsError(dataDir, `is writable by group or others (mode ${mode})`);
  }
  if ((stat.mode & GROUP_OR_OTHERS) !== 0) fs.chmodSync(dataDir, 0o700);
}

/**
 * Takes group and others' access off everything under `dir`. PGlite ignores the umask for
 * some files: the template it unpacks on first start is 0666, its relation-cache files 0644.
 * Run after the database opens and after it closes.
 */
export function restrictToOwner(dir: string): void {
  if (process.platform === 'win32') return;
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & GROUP_OR_OTHERS) !== 0) {
      try {
        fs.chmodSync(entry, stat.mode & 0o700);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry)) visit(path.join(entry, child));
    }
  };
  visit(dir);
}
