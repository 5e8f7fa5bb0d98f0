import { pino } from 'pino';
import { createDomainModules } from '../app/domain-modules.ts';
import { createPlatform } from '../app/platform.ts';
import type { Config } from '../config/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openConfiguredDatabase } from '../db/open-database.ts';
import { redactingLogMethod, serializeError } from '../errors/log-serializers.ts';
import { systemClock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';
import { createMailer } from '../modules/mail/index.ts';
import {
  connectSocketlessBroadcaster,
  type SocketlessBroadcaster,
} from '../modules/realtime/index.ts';
import type { OpsHandlers } from './ops-execute.ts';

/**
 * The ops CLI on the database itself (decision 0023): on PostgreSQL (DATABASE_URL), or on the
 * embedded database when no server holds DATA_DIR (it takes the lock, as a server would). The
 * same platform and modules as `npm start` and `npm run worker`, without HTTP and without working
 * jobs: a decision commits with its outbox messages, which are delivered from here at once.
 */

/**
 * Where this process's realtime events go: the external service or the API processes' hubs
 * through Redis; on PostgreSQL without either, nowhere from here: a delivery fails on purpose and
 * stays in the outbox, where the server's own dispatch (every 10 s) hands it to its sockets. On
 * the embedded database no server is running (it would have answered on the socket), so there is
 * no one to tell: open pages fetch when they reconnect.
 */
async function opsBroadcaster(config: Config, log: pino.Logger): Promise<SocketlessBroadcaster> {
  const realtime = await connectSocketlessBroadcaster(config, log);
  if (realtime) return realtime;
  const deferred = async () => {
    if (config.databaseUrl) throw new Error('left to the server: no route to its sockets');
  };
  return {
    broadcaster: { broadcast: deferred, endSessionConnections: deferred },
    close: async () => {},
  };
}

export interface DirectOps {
  handlers: OpsHandlers;
  close(): Promise<void>;
}

/** Opens the configured database and builds the modules; DataDirLockedError when a server holds it. */
export async function openDirectOps(config: Config): Promise<DirectOps> {
  // Quiet: the CLI prints its own answer; what goes wrong inside still reaches stderr.
  const log = pino(
    {
      level: 'error',
      serializers: { err: serializeError, error: serializeError },
      hooks: { logMethod: redactingLogMethod },
    },
    pino.destination(2),
  ).child({ process: 'ops' });
  const database: DatabaseHandle = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const realtime = await opsBroadcaster(config, log);
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
    const modules = createDomainModules(platform, {});
    return {
      handlers: { documents: modules.documents.decisions },
      close: async () => {
        await platform.jobs.stop();
        await platform.caches.close();
        await realtime.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
