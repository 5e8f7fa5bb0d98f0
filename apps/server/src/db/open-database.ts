import path from 'node:path';
import type { Config } from '../config/index.ts';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './database.ts';

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * whose lock is taken before the folder is opened (a second server must not touch it).
 * Closing the handle releases the lock.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const lock = acquireDataDirLock(config.dataDir);
  try {
    const database = await openPglite({ dataDir: path.join(config.dataDir, 'data') });
    return {
      ...database,
      close: async () => {
        try {
          await database.close();
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
