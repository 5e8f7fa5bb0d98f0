import { systemClock, type Clock } from './clock.ts';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

const LOG_EVERY_MS = 60_000;

/**
 * The process's Redis connection (REDIS_URL). While Redis is away it retries at most a second
 * apart and a queued command waits for the next attempt only: a request fails within a second
 * with a clear 503 rather than hanging, and one that comes while Redis is back goes through.
 * Commands sent in the same turn travel together (auto-pipelining): a round's realtime events,
 * a group's cache evictions and their confirmations are one write each, not one per command
 * (docs/performance.md).
 */
export function connectRedis(url: string, log: FastifyBaseLogger): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: true,
    enableAutoPipelining: true,
    retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
  });
  logRedisErrors(redis, log, 'redis');
  return redis;
}

/**
 * Every failed reconnection raises an error, once a second for as long as an outage lasts: log
 * when it starts, then once a minute, and when it is over.
 */
export function logRedisErrors(
  connection: Redis,
  log: FastifyBaseLogger,
  name: string,
  clock: Clock = systemClock,
): void {
  let loggedAt: number | undefined;
  connection.on('error', (error) => {
    const now = clock.now().getTime();
    if (loggedAt !== undefined && now - loggedAt < LOG_EVERY_MS) return;
    loggedAt = now;
    log.error({ err: error, event: 'redis.unavailable' }, `${name}: unreachable`);
  });
  connection.on('ready', () => {
    if (loggedAt === undefined) return;
    loggedAt = undefined;
    log.info({ event: 'redis.reconnected' }, `${name}: reconnected`);
  });
}
