import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.ts';
import { openPglite, openPostgres, type DatabaseHandle } from './db/database.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

async function openDatabase(
  config: Config,
): Promise<{ database: DatabaseHandle; lock?: DataDirLock }> {
  if (config.databaseUrl) return { database: await openPostgres(config.databaseUrl) };
  // Taken before PGlite opens the folder: a second server must not touch it at all.
  const lock = acquireDataDirLock(config.dataDir);
  try {
    return { database: await openPglite({ dataDir: path.join(config.dataDir, 'data') }), lock };
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  }
  const { database, lock } = opened;

  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const storage =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nCorridor is running at ${config.appUrl}  (${storage})\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
