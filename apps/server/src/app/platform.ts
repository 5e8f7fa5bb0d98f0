import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { customerChannel } from '@corridor/contracts';
import type { Config } from '../config/index.ts';
import type { Database, DatabaseHandle } from '../db/database.ts';
import { createBackground } from './background.ts';
import type { Jobs } from '../jobs/index.ts';
import { resolveAppKey } from '../lib/app-key.ts';
import { createCacheNetwork, type CacheNetwork } from '../lib/cache-network.ts';
import { createRedisEvictionBus, type EvictionBus } from '../lib/eviction-bus.ts';
import type { Clock } from '../lib/clock.ts';
import type { RandomSource } from '../lib/random.ts';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from '../lib/rate-limiter.ts';
import { createUnitOfWork, type UnitOfWork } from '../lib/unit-of-work.ts';
import type { Mailer } from '../modules/mail/index.ts';
import {
  createRealtimeEvents,
  END_SESSION_CONNECTIONS,
  endSessionConnectionsHandler,
  type Broadcaster,
  type RealtimeEvents,
} from '../modules/realtime/index.ts';
import type { Outbox } from '../outbox/index.ts';

/** What the modules are built on, the same in `npm start` and in `npm run worker`. */
export interface Platform {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  /** Counters of every limit: Redis when REDIS_URL is set, so every process counts together. */
  limiter: RateLimiter;
  /** Signs cookies and binds CSRF tokens and codes to this installation. */
  appKey: Buffer;
  jobs: Jobs;
  outbox: Outbox;
  /** One use case, one transaction, its outbox delivered after the commit (docs/architecture.md#rules-of-the-code). */
  uow: UnitOfWork;
  /** The realtime effects of the domain, written to the outbox (docs/product/realtime.md). */
  events: RealtimeEvents;
  /** Caches of hot reads, emptied of what a use case changed in every process (decision 16). */
  caches: CacheNetwork;
}

/** How long a cached read may be served: what a missed eviction could cost, at most. */
export const CACHE_TTL_MS = 2000;

export interface PlatformDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  redis?: Redis;
  limiter?: RateLimiter;
  /** Where outbox mail goes (SMTP or the dev mailbox table). */
  mailer: Pick<Mailer, 'send'>;
  /** Where outbox realtime events go: it exists before any use case can write one. */
  broadcaster: Broadcaster;
  /** How often a worker moves due jobs (default 1 s). */
  tickIntervalMs?: number;
  /** Test hook: the bus cache evictions go through instead of Redis (apps in one process). */
  evictionBus?: EvictionBus;
}

/**
 * Caches serve in one process alone on the embedded database (its lock keeps others out), in
 * every process together through Redis, and not at all on PostgreSQL without Redis, where
 * another process could end a session without a way to tell this one.
 */
function cacheNetworkFor(deps: PlatformDeps): CacheNetwork {
  const { config, database, redis, log } = deps;
  const bus =
    deps.evictionBus ??
    (redis ? createRedisEvictionBus(redis, `${config.redisPrefix}cache`, log) : undefined);
  return createCacheNetwork({
    mode: bus ? 'shared' : database.kind === 'pglite' ? 'local' : 'off',
    ...(bus ? { bus } : {}),
    clock: deps.clock,
    random: deps.random,
    log: log.child({ module: 'cache' }),
    ttlMs: CACHE_TTL_MS,
  });
}

export async function createPlatform(deps: PlatformDeps): Promise<Platform> {
  const { config, database, clock, random, log, redis, broadcaster } = deps;
  const { db } = database;
  const appKey = await resolveAppKey(db, config.appKey, random);
  const limiter =
    deps.limiter ??
    (redis
      ? createRedisRateLimiter(redis, clock, config.redisPrefix)
      : createMemoryRateLimiter(clock));
  const { jobs, outbox } = createBackground({
    database,
    clock,
    random,
    log: log.child({ module: 'jobs' }),
    mailer: deps.mailer,
    broadcaster,
    ...(deps.tickIntervalMs !== undefined ? { tickIntervalMs: deps.tickIntervalMs } : {}),
  });
  outbox.handle(END_SESSION_CONNECTIONS, endSessionConnectionsHandler(broadcaster));
  const caches = cacheNetworkFor(deps);
  const uow = createUnitOfWork(
    db,
    async () => {
      await outbox.dispatch().catch((error: unknown) => {
        log.error({ err: error, event: 'outbox.dispatch_failed' }, 'outbox dispatch failed');
      });
    },
    () => outbox.addedCount(),
  );
  return {
    config,
    database,
    db,
    clock,
    random,
    log,
    limiter,
    appKey,
    jobs,
    outbox,
    uow,
    events: createRealtimeEvents(outbox, { customer: customerChannel }),
    caches,
  };
}
