import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import type { DatabaseHandle } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-database.ts';
import { resolvePusherCredentials } from './modules/realtime/credentials.ts';
import { seedReferenceData } from './db/seed/reference-data.ts';

/** Problems the operator can fix get a plain message and exit code 1, not a stack trace. */
function exitWithMessage(error: unknown): never {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

async function main(): Promise<void> {
  let config: Config;
  let database: DatabaseHandle;
  try {
    config = loadConfig();
    database = await openConfiguredDatabase(config);
  } catch (error) {
    exitWithMessage(error);
  }

  await database.migrate();
  await seedReferenceData(database.db);
  const pusherCredentials = await resolvePusherCredentials(config);
  const app = await buildApp({ config, database, pusherCredentials });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await database.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `\nPort ${config.port} on ${config.host} is already in use. Set PORT to a free one.\n`,
      );
      process.exit(1);
    }
    throw error;
  }
  const storage =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nCorridor is running at ${config.appUrl}  (${storage})\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
