import { ConfigError, loadConfig, type Config } from './config/index.ts';
import { formatError } from './errors/log-serializers.ts';
import { openSocketlessProcess, processLog } from './app/socketless-process.ts';

/**
 * `npm run worker`: the job workers without HTTP, for a scaled deployment (docs/architecture.md#one-process-or-many). Realtime
 * events reach the API processes' hubs through Redis (REDIS_URL) or go to the external service
 * (PUSHER_HOST); mail goes through the configured driver. With the embedded database the
 * workers run inside `npm start`, which holds the data folder.
 */

function loadWorkerConfig(): Config {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError([
      'DATABASE_URL is required by npm run worker: with the embedded database the workers run inside npm start.',
    ]);
  }
  return config;
}

/** Workers serve no sockets: their events must reach the API processes' hubs, or the external service. */
function noRouteForEvents(): never {
  throw new ConfigError([
    'REDIS_URL (or PUSHER_HOST) is required by npm run worker, so its realtime events reach the API processes.',
  ]);
}

async function main(): Promise<void> {
  const config = loadWorkerConfig();
  const log = processLog('worker', config.logLevel);
  // The same assembly as `npm start`, so this process runs every job it can.
  const worker = await openSocketlessProcess(config, { log, withoutRoute: noRouteForEvents });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    try {
      await worker.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await worker.platform.jobs.start({ work: true });
  log.info({ event: 'worker.started' }, 'worker running: jobs and outbox dispatch');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
  console.error(formatError(error));
  process.exit(1);
});
