import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { executeOpsRequest } from './cli/ops-execute.ts';
import { opsSocketPath, serveOpsSocket, type OpsSocketServer } from './cli/ops-socket.ts';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { DataDirPermissionsError, preparePrivateDataDir } from './db/data-dir-permissions.ts';
import type { DatabaseHandle } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-database.ts';
import { formatError } from './errors/log-serializers.ts';
import { configuredCredentials, resolvePusherCredentials } from './modules/realtime/index.ts';
import { seedReferenceData } from './app/reference-data.ts';

// Everything this process creates (the embedded database, realtime.json, the lock) is readable
// and writable by its own user only: files 0600, folders 0700.
process.umask(0o077);

/** Problems the operator can fix get a plain message and exit code 1, not a stack trace. */
function exitWithMessage(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof DataDirPermissionsError
  ) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

/**
 * The ops CLI's way in while this process holds the embedded database (decision 0023). Without
 * it the product still works: the failure is logged and the CLI says it cannot reach the data.
 */
async function serveOps(
  config: Config,
  database: DatabaseHandle,
  app: FastifyInstance,
): Promise<OpsSocketServer | undefined> {
  if (database.kind !== 'pglite') return undefined;
  const onError = (error: unknown) =>
    app.log.error({ err: error, event: 'ops.failed' }, 'ops command failed');
  try {
    return await serveOpsSocket(opsSocketPath(config.dataDir), (request) =>
      executeOpsRequest(app.ops, request, onError),
    );
  } catch (error) {
    app.log.error({ err: error, event: 'ops.socket_failed' }, 'the ops socket is not served');
    return undefined;
  }
}

async function main(): Promise<void> {
  let config: Config;
  let database: DatabaseHandle;
  try {
    config = loadConfig();
    // On PostgreSQL, DATA_DIR still keeps the generated realtime credentials: private as well.
    if (config.databaseUrl && !configuredCredentials(config)) {
      preparePrivateDataDir(config.dataDir);
    }
    database = await openConfiguredDatabase(config);
  } catch (error) {
    exitWithMessage(error);
  }

  await database.migrate();
  await seedReferenceData(database.db);
  const pusherCredentials = await resolvePusherCredentials(config);
  const app = await buildApp({ config, database, pusherCredentials });

  // Set once the server listens; a signal before then has no socket to close.
  const served: { ops?: OpsSocketServer | undefined } = {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    try {
      await served.ops?.close();
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
  served.ops = await serveOps(config, database, app);
  const storage =
    database.kind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL';
  process.stdout.write(`\nCorridor is running at ${config.appUrl}  (${storage})\n\n`);
}

main().catch((error: unknown) => {
  // Printed like a log line: a failed query's values stay out (errors/log-serializers.ts).
  console.error(formatError(error));
  process.exit(1);
});
