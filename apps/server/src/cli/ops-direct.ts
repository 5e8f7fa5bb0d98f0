import { pino } from 'pino';
import type { OpsHandlers } from '../app/assembly.ts';
import { openSocketlessProcess, processLog } from '../app/socketless-process.ts';
import type { Config } from '../config/index.ts';
import type { SocketlessBroadcaster } from '../modules/realtime/index.ts';

/**
 * The ops CLI on the database itself (decision 0023): on PostgreSQL (DATABASE_URL), or on the
 * embedded database when no server holds DATA_DIR (it takes the lock, as a server would). The
 * same assembly as `npm start` and `npm run worker`, without HTTP and without working jobs: a
 * decision commits with its outbox messages, which are delivered from here at once.
 */

/**
 * Without the external service or Redis, this process's realtime events go nowhere from here. On
 * PostgreSQL a delivery fails on purpose and stays in the outbox, where the server's own dispatch
 * (every 10 s) hands it to its sockets. On the embedded database no server is running (it would
 * have answered on the socket), so there is no one to tell: open pages fetch when they reconnect.
 */
function leftToTheServer(config: Config): SocketlessBroadcaster {
  const deferred = async () => {
    if (config.databaseUrl) throw new Error('left to the server: no route to its sockets');
  };
  return {
    broadcaster: { broadcast: deferred, broadcastAll: deferred, endSessionConnections: deferred },
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
  const log = processLog('ops', 'error', pino.destination(2));
  const { ops, close } = await openSocketlessProcess(config, {
    log,
    withoutRoute: leftToTheServer,
  });
  return { handlers: ops, close };
}
