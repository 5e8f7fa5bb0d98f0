import path from 'node:path';
import type { Config } from '../config/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { restrictToOwner } from './data-dir-permissions.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './database.ts';

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * whose lock is taken before the folder is opened (a second server must not touch it). The
 * folder is private (0700, refused if others can write it) and so is every file in it, once open
 * and again once closed. Closing the handle releases the lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    return openPostgres(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    });
  }
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'data') });
    try {
      restrictToOwner(config.dataDir);
    } catch (error) {
      await database.close();
      throw error;
    }
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
          restrictToOwner(config.dataDir);
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
