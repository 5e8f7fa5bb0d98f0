import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { assemble, type OpsHandlers } from './app/assembly.ts';
import { createHttpServer } from './app/http-server.ts';
import type { Config } from './config/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Jobs } from './jobs/index.ts';
import type { CacheNetwork } from './lib/cache-network.ts';
import type { EvictionBus } from './lib/eviction-bus.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import type { PasswordHasher } from './lib/password-hasher.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { connectRedis } from './lib/redis.ts';
import { createHealthModule } from './modules/health/index.ts';
import { createMailModule } from './modules/mail/index.ts';
import {
  configuredCredentials,
  createRealtimeModule,
  createRedisBus,
  generateCredentials,
  type Broadcaster,
  type FanOutBus,
  type PusherCredentials,
  type RealtimeHub,
} from './modules/realtime/index.ts';
import { authenticationPlugin } from './modules/sessions/index.ts';
import { createTransferChannelOwnership } from './modules/transfers/index.ts';
import type { Outbox } from './outbox/index.ts';
import { idempotencyPlugin, type IdempotencyOptions } from './plugins/idempotency.ts';
import { sessionPlugin } from './plugins/session.ts';

export { BODY_LIMIT_BYTES } from './app/http-server.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  random?: RandomSource;
  hasher?: PasswordHasher;
  limiter?: RateLimiter;
  /**
   * Whether this process works its jobs (the outbox dispatch among them) once ready; default
   * true. Tests stop a process between a commit and its dispatch with false.
   */
  startJobs?: boolean;
  /** Test hook: the idempotency plugin's own clock (key expiry), after-commit step and groups. */
  idempotency?: Partial<Pick<IdempotencyOptions, 'clock' | 'afterCommit' | 'groupsInFlight'>>;
  /** Where log lines go (tests capture them); stdout when omitted. */
  logStream?: NodeJS.WritableStream;
  /**
   * Realtime credentials (main.ts resolves them from the config or DATA_DIR/realtime.json);
   * when omitted, the configured ones or a throwaway set.
   */
  pusherCredentials?: PusherCredentials;
  /**
   * Test hook: the bus realtime fan-out goes through instead of Redis pub/sub (several apps
   * in one process sharing an in-memory bus).
   */
  fanOutBus?: FanOutBus;
  /** Test hook: shorter realtime timers (seconds of silence before a ping, and so on). */
  realtimeTimers?: Partial<RealtimeTimers>;
  /**
   * Test hook: the bus cache evictions go through instead of Redis (several apps in one
   * process on one database, sharing an in-memory bus).
   */
  evictionBus?: EvictionBus;
}

export interface RealtimeTimers {
  activityTimeoutSeconds: number;
  pongTimeoutSeconds: number;
  /** How often each process checks the sessions behind its open sockets. */
  sessionSweepMs: number;
  /** How long the start waits for the fan-out bus (Redis) before going on without it. */
  fanOutStartTimeoutMs: number;
}

const defaultRealtimeTimers: RealtimeTimers = {
  activityTimeoutSeconds: 120,
  pongTimeoutSeconds: 30,
  sessionSweepMs: 60_000,
  fanOutStartTimeoutMs: 5000,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded realtime hub: publish events, close a session's sockets. */
    realtime: RealtimeHub;
    /** Where domain events go: this hub, every process's hub (Redis) or an external service. */
    broadcaster: Broadcaster;
    /** This process's background jobs (pg-boss) and transactional outbox. */
    jobs: Jobs;
    outbox: Outbox;
    /** Caches of hot reads (decision 16); what writes behind the app's back evicts through. */
    caches: CacheNetwork;
    /** What the ops CLI acts with, served on DATA_DIR/ops.sock by main.ts (decision 0023). */
    ops: OpsHandlers;
  }
}

/** Redis when REDIS_URL is set: rate-limit counters and realtime fan-out for every process. */
function redisFor(app: FastifyInstance, config: Config): Redis | undefined {
  if (!config.redisUrl) return undefined;
  const redis = connectRedis(config.redisUrl, app.log);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  return redis;
}

/**
 * Builds the whole HTTP application; main.ts only adds the process around it. In order: the
 * HTTP server, what carries effects out (mail, realtime, jobs and the outbox), the modules,
 * the request pipeline, then every module's routes.
 */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const random = deps.random ?? cryptoRandom;
  const clock = deps.clock ?? systemClock;
  const timers = { ...defaultRealtimeTimers, ...deps.realtimeTimers };
  const app = await createHttpServer({
    config,
    random,
    ...(deps.logStream ? { logStream: deps.logStream } : {}),
  });
  const redis = redisFor(app, config);

  const mail = createMailModule({ config, db: database.db, log: app.log });
  const fanOutBus =
    deps.fanOutBus ??
    (redis ? createRedisBus(redis, `${config.redisPrefix}realtime`, app.log) : undefined);
  const realtime = await createRealtimeModule({
    config,
    credentials:
      deps.pusherCredentials ?? configuredCredentials(config) ?? generateCredentials(random),
    random,
    clock,
    // A customer joins only its own transfers' and payments' channels (docs/product/realtime.md#channels).
    ownership: createTransferChannelOwnership(database),
    log: app.log,
    activityTimeoutSeconds: timers.activityTimeoutSeconds,
    pongTimeoutSeconds: timers.pongTimeoutSeconds,
    fanOutStartTimeoutMs: timers.fanOutStartTimeoutMs,
    ...(fanOutBus ? { fanOutBus } : {}),
  });
  const { platform, modules, ops, close } = await assemble({
    config,
    database,
    clock,
    random,
    log: app.log,
    ...(redis ? { redis } : {}),
    ...(deps.limiter ? { limiter: deps.limiter } : {}),
    mailer: mail.mailer,
    broadcaster: realtime.broadcaster,
    ...(deps.evictionBus ? { evictionBus: deps.evictionBus } : {}),
    ...(deps.hasher ? { hasher: deps.hasher } : {}),
  });
  const health = createHealthModule({
    pingDatabase: database.ping,
    ...(redis ? { pingRedis: async () => void (await redis.ping()) } : {}),
  });

  // The request pipeline: cookies and CSRF, who is signed in, then idempotency keys (docs/product/api-conventions.md#idempotency-keys).
  // Cookies are set through the plugin; of a request's, only the session's is read (plugins/session.ts).
  await app.register(cookie, { hook: false });
  await app.register(sessionPlugin, {
    appKey: platform.appKey,
    secureCookies: config.secureCookies,
    allowedOrigins: config.allowedOrigins,
    random,
  });
  await app.register(authenticationPlugin, {
    sessions: modules.sessions.service,
    alongSession: modules.customers.service.alongSession,
  });
  // Routes that take an Idempotency-Key are added with idempotentRoute (plugins/idempotent-route.ts).
  await app.register(idempotencyPlugin, {
    db: database.db,
    clock,
    afterCommit: async (tx) => {
      await platform.uow.committed(tx);
      void platform.uow.deliver();
    },
    ...deps.idempotency,
  });

  // A module without routes (the ledger: other modules call it) has nothing to register.
  for (const module of [health, mail, realtime, ...Object.values(modules)]) {
    if ('routes' in module) await app.register(module.routes);
  }

  // Workers run inside this process by default (docs/architecture.md#one-process-or-many); `npm run worker` adds more.
  app.addHook('onReady', () => platform.jobs.start({ work: deps.startJobs ?? true }));
  app.addHook('onClose', close);
  const stopSweeping = realtime.sweepSessions(modules.sessions.service, timers.sessionSweepMs);
  app.addHook('onClose', async () => stopSweeping());

  app.decorate('realtime', realtime.hub);
  app.decorate('broadcaster', realtime.broadcaster);
  app.decorate('jobs', platform.jobs);
  app.decorate('outbox', platform.outbox);
  app.decorate('caches', platform.caches);
  app.decorate('ops', ops);
  return app;
}
