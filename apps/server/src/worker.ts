import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import { openConfiguredDatabase } from './db/open-database.ts';
import { formatError, redactingLogMethod, serializeError } from './errors/log-serializers.ts';
import { createDomainModules, registerModuleJobs } from './app/domain-modules.ts';
import { createPlatform } from './app/platform.ts';
import { systemClock } from './lib/clock.ts';
import { cryptoRandom } from './lib/random.ts';
import { createMailer } from './modules/mail/index.ts';
import {
  connectSocketlessBroadcaster,
  type SocketlessBroadcaster,
} from './modules/realtime/index.ts';

/**
 * `npm run worker`: the job workers without HTTP, for a scaled deployment (DESIGN §2.1). Realtime
 * events reach the API processes' hubs through Redis (REDIS_URL) or go to the external service
 * (PUSHER_HOST); mail goes through the configured driver. With the embedded database the
 * workers run inside `npm start`, which holds the data folder.
 */

/** Workers serve no sockets: their events reach the API processes' hubs, or the external service. */
async function workerBroadcaster(config: Config, log: pino.Logger): Promise<SocketlessBroadcaster> {
  const realtime = await connectSocketlessBroadcaster(config, log);
  if (!realtime) {
    throw new ConfigError([
      'REDIS_URL (or PUSHER_HOST) is required by npm run worker, so its realtime events reach the API processes.',
    ]);
  }
  return realtime;
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
    if (!config.databaseUrl) {
      throw new ConfigError([
        'DATABASE_URL is required by npm run worker: with the embedded database the workers run inside npm start.',
      ]);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({
    level: config.logLevel,
    serializers: { err: serializeError, error: serializeError },
    hooks: { logMethod: redactingLogMethod },
  }).child({ process: 'worker' });

  const database: DatabaseHandle = await openConfiguredDatabase(config);
  await database.migrate();
  const realtime = await workerBroadcaster(config, log).catch(async (error: unknown) => {
    await database.close();
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  });
  // The same platform and modules as `npm start`, so this process runs every job it can.
  const platform = await createPlatform({
    config,
    database,
    clock: systemClock,
    random: cryptoRandom,
    log,
    ...(realtime.redis ? { redis: realtime.redis } : {}),
    mailer: createMailer({ config, db: database.db, log }),
    broadcaster: realtime.broadcaster,
  });
  registerModuleJobs(createDomainModules(platform, {}), platform.jobs);
  const { jobs } = platform;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    try {
      await jobs.stop();
      await platform.caches.close();
      await realtime.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  await jobs.start({ work: true });
  log.info({ event: 'worker.started' }, 'worker running: jobs and outbox dispatch');
}

main().catch((error: unknown) => {
  console.error(formatError(error));
  process.exit(1);
});
