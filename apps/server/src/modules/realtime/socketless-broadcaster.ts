import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';
import { connectRedis } from '../../lib/redis.ts';
import {
  createExternalBroadcaster,
  createHubBroadcaster,
  type Broadcaster,
} from './broadcaster.ts';
import { resolvePusherCredentials } from './credentials.ts';
import type { RealtimeHub } from './hub.ts';
import { createFanOutHubNetwork, createRedisBus } from './hub-network.ts';

/** A process with no sockets of its own: its hub only stands in so events reach the others'. */
const noSockets: RealtimeHub = {
  accept: () => undefined,
  publish: () => undefined,
  hasSocket: () => false,
  recordSession: () => undefined,
  sessionIds: () => [],
  closeSocketsOfSession: () => 0,
  connectionCount: () => 0,
  close: () => undefined,
};

export interface SocketlessBroadcaster {
  broadcaster: Broadcaster;
  /** Set when events travel through Redis: cache evictions can reach the servers through it too. */
  redis?: Redis;
  close(): Promise<void>;
}

/**
 * Where the events of a process that serves no sockets (`npm run worker`, the ops CLI on the
 * database) go: the external service (PUSHER_HOST), or every API process's hub through Redis
 * (REDIS_URL). Undefined when neither is configured: the caller decides what that means.
 */
export async function connectSocketlessBroadcaster(
  config: Config,
  log: FastifyBaseLogger,
): Promise<SocketlessBroadcaster | undefined> {
  if (config.pusher.host) {
    const broadcaster = createExternalBroadcaster(
      {
        credentials: await resolvePusherCredentials(config),
        host: config.pusher.host,
        port: config.pusher.port,
        scheme: config.pusher.scheme,
      },
      log,
    );
    return { broadcaster, close: async () => {} };
  }
  if (!config.redisUrl) return undefined;
  const redis = connectRedis(config.redisUrl, log);
  const network = await createFanOutHubNetwork(
    noSockets,
    createRedisBus(redis, `${config.redisPrefix}realtime`, log),
    log,
  );
  return {
    broadcaster: createHubBroadcaster(network),
    redis,
    close: async () => {
      await network.close();
      redis.disconnect();
    },
  };
}
