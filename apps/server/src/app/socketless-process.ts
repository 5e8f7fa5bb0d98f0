import { pino } from 'pino';
import type { Config } from '../config/index.ts';
import { openConfiguredDatabase } from '../db/open-database.ts';
import { redactingLogMethod, serializeError } from '../errors/log-serializers.ts';
import { systemClock } from '../lib/clock.ts';
import { cryptoRandom } from '../lib/random.ts';
import { createMailer } from '../modules/mail/index.ts';
import {
  connectSocketlessBroadcaster,
  type SocketlessBroadcaster,
} from '../modules/realtime/index.ts';
import { assemble, type Assembly } from './assembly.ts';

/**
 * A process that serves no HTTP and no sockets, on the configured database: `npm run worker`
 * and the ops CLI on the database itself. The same assembly as `npm start`; its realtime events
 * reach the API processes' hubs through Redis (REDIS_URL) or go to the external service
 * (PUSHER_HOST), and its mail goes through the configured driver.
 */

/** A log of this process's lines, redacted as the server's are. */
export function processLog(
  name: string,
  level: string,
  destination?: pino.DestinationStream,
): pino.Logger {
  const options = {
    level,
    serializers: { err: serializeError, error: serializeError },
    hooks: { logMethod: redactingLogMethod },
  };
  return (destination ? pino(options, destination) : pino(options)).child({ process: name });
}

export interface SocketlessProcessOptions {
  log: pino.Logger;
  /**
   * What events go through when neither Redis nor the external service is configured: the
   * process decides (the worker refuses to start, the ops CLI leaves them to the server).
   */
  withoutRoute(config: Config): SocketlessBroadcaster;
}

/**
 * Opens and migrates the configured database (DataDirLockedError when a server holds the
 * embedded one), connects the broadcaster and assembles. `close()` stops the assembly, the
 * broadcaster, then the database; whatever fails on the way closes what was opened.
 */
export async function openSocketlessProcess(
  config: Config,
  { log, withoutRoute }: SocketlessProcessOptions,
): Promise<Assembly> {
  const database = await openConfiguredDatabase(config);
  let realtime: SocketlessBroadcaster | undefined;
  try {
    await database.migrate();
    realtime = (await connectSocketlessBroadcaster(config, log)) ?? withoutRoute(config);
    const { close, ...assembly } = await assemble({
      config,
      database,
      clock: systemClock,
      random: cryptoRandom,
      log,
      ...(realtime.redis ? { redis: realtime.redis } : {}),
      mailer: createMailer({ config, db: database.db, log }),
      broadcaster: realtime.broadcaster,
    });
    const broadcaster = realtime;
    return {
      ...assembly,
      close: async () => {
        try {
          await close();
          await broadcaster.close();
        } finally {
          await database.close();
        }
      },
    };
  } catch (error) {
    await realtime?.close();
    await database.close();
    throw error;
  }
}
