import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { Redis } from 'ioredis';
import { customerChannel } from '@corridor/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandling,
} from './errors/error-handler.ts';
import { redactingLogMethod, serializeError, serializeRequest } from './errors/log-serializers.ts';
import { resolveAppKey } from './lib/app-key.ts';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background-tasks.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createPasswordHasher, type PasswordHasher } from './lib/password-hasher.ts';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './lib/rate-limiter.ts';
import { cryptoRandom, type RandomSource } from './lib/random.ts';
import { connectRedis } from './lib/redis.ts';
import { createCountriesRepository } from './modules/countries/countries.repository.ts';
import { countriesRoutes } from './modules/countries/countries.routes.ts';
import { createCountriesService } from './modules/countries/countries.service.ts';
import { createAccountNotifier } from './modules/accounts/account-notifier.ts';
import { createAccountRepository } from './modules/accounts/account.repository.ts';
import { accountRoutes } from './modules/accounts/account.routes.ts';
import { createAccountService } from './modules/accounts/account.service.ts';
import { createOneTimeCodes } from './modules/accounts/one-time-codes.ts';
import { defaultPasswordPolicy } from './modules/accounts/password-policy.ts';
import { createCustomerRepository } from './modules/customers/customer.repository.ts';
import { customerRoutes } from './modules/customers/customer.routes.ts';
import { createCustomerService } from './modules/customers/customer.service.ts';
import { deviceRoutes } from './modules/sessions/devices.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { registerMail } from './modules/mail/register-mail.ts';
import { createOnboardingRepository } from './modules/onboarding/onboarding.repository.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { createOnboardingService } from './modules/onboarding/onboarding.service.ts';
import { configuredCredentials, generateCredentials } from './modules/realtime/credentials.ts';
import {
  createExternalBroadcaster,
  createHubBroadcaster,
  type Broadcaster,
} from './modules/realtime/broadcaster.ts';
import {
  createRealtimeEvents,
  END_SESSION_CONNECTIONS,
  endSessionConnectionsHandler,
} from './modules/realtime/realtime-events.ts';
import { createBackground } from './jobs/background.ts';
import type { Jobs } from './jobs/index.ts';
import { mailMessage, type Outbox } from './outbox/index.ts';
import { createUnitOfWork } from './lib/unit-of-work.ts';
import type { RealtimeHub } from './modules/realtime/hub.ts';
import { createRedisBus, type FanOutBus, type HubNetwork } from './modules/realtime/hub-network.ts';
import type { PusherCredentials } from './modules/realtime/protocol.ts';
import { registerRealtime } from './modules/realtime/realtime.ts';
import { startSessionSweeper } from './modules/realtime/session-sweeper.ts';
import { sessionRoutes } from './modules/sessions/csrf-cookie.routes.ts';
import { createSessionRepository } from './modules/sessions/session.repository.ts';
import { createSessionService } from './modules/sessions/session.service.ts';
import { authenticationPlugin } from './plugins/authentication.ts';
import { securityHeadersPlugin, securityHeaderValues } from './plugins/security-headers.ts';
import { idempotencyPlugin, type IdempotencyOptions } from './plugins/idempotency.ts';
import { sessionPlugin } from './plugins/session.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  random?: RandomSource;
  hasher?: PasswordHasher;
  limiter?: RateLimiter;
  /** Work done after the answer (tests hold it to see what happened before). */
  background?: BackgroundTasks;
  /**
   * Whether this process works its jobs (the outbox dispatch among them) once ready; default
   * true. Tests stop a process between a commit and its dispatch with false.
   */
  startJobs?: boolean;
  /** Test hook: the idempotency plugin's own clock (key expiry) and after-commit step. */
  idempotency?: Partial<Pick<IdempotencyOptions, 'clock' | 'afterCommit'>>;
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

export const BODY_LIMIT_BYTES = 1024 * 1024;

function loggerOptions(
  config: Config,
  stream?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Errors keep their SQL text and codes but never a query's values (params, detail); request
    // URLs never carry a secret (a reset token in the path, tokens in a query string).
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    // Message text too: Fastify writes some URLs into it, pino an error's raw message.
    hooks: { logMethod: redactingLogMethod },
    // Credentials never reach a log line.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-xsrf-token"]',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded realtime hub: publish events, close a session's sockets. */
    realtime: RealtimeHub;
    /** Where domain events go: this hub, every process's hub (Redis) or an external service. */
    broadcaster: Broadcaster;
    /** This process's background jobs (pg-boss) and transactional outbox. */
    jobs: Jobs;
    outbox: Outbox;
  }
}

/** DESIGN §8: the external service when PUSHER_HOST is set, else the embedded hubs. */
function createBroadcaster(
  app: FastifyInstance,
  config: Config,
  network: HubNetwork,
  credentials: PusherCredentials,
): Broadcaster {
  if (!config.pusher.host) return createHubBroadcaster(network);
  return createExternalBroadcaster(
    {
      credentials,
      host: config.pusher.host,
      port: config.pusher.port,
      scheme: config.pusher.scheme,
    },
    app.log.child({ module: 'realtime' }),
  );
}

/** Builds the whole HTTP application; main.ts only adds the process around it. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const random = deps.random ?? cryptoRandom;
  const clock = deps.clock ?? systemClock;

  // Answers no hook reaches (router and parser errors) carry the same security headers.
  const securityHeaders = securityHeaderValues({
    secure: config.secureCookies,
    connectSources: config.spaOrigins,
  });
  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    genReqId: () => random.uuid(),
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: behind a TLS proxy request.ip is the client, so per-address limits hold.
    trustProxy: config.trustProxy,
    // A bad percent-encoding (400) or a path parameter over 100 characters (414) gets the JSON
    // envelope and security headers, never Fastify's own body echoing the path.
    frameworkErrors: frameworkErrorHandler(securityHeaders),
    clientErrorHandler: clientErrorHandler(securityHeaders),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Bodies are JSON; anything else is refused with 415 rather than guessed at.
  app.removeContentTypeParser('text/plain');

  const spaFallback = config.webDistDir ? await registerSpa(app, config.webDistDir) : undefined;
  registerErrorHandling(app, spaFallback ? { spaFallback } : {});

  await app.register(swagger, {
    openapi: {
      info: { title: 'Corridor API', version: '1' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'corridor_session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(securityHeadersPlugin, {
    secure: config.secureCookies,
    connectSources: config.spaOrigins,
  });
  await app.register(cors, {
    // Only the configured SPA origins may read answers cross-origin; nothing is reflected.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && config.spaOrigins.includes(origin)),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: [
      'Accept',
      'Content-Type',
      'X-XSRF-TOKEN',
      'X-CSRF-TOKEN',
      'X-Socket-ID',
      'X-Requested-With',
      'Idempotency-Key',
      'ngrok-skip-browser-warning',
    ],
    maxAge: 600,
  });
  const appKey = await resolveAppKey(database.db, config.appKey, random);
  const { db } = database;
  const redis = redisFor(app, config);
  const limiter =
    deps.limiter ??
    (redis
      ? createRedisRateLimiter(redis, clock, config.redisPrefix)
      : createMemoryRateLimiter(clock));
  // Services are built before the hub exists; the outbox reaches the broadcaster once it does.
  const late: { broadcaster?: Broadcaster } = {};
  const mailer = await registerMail(app, { config, db });
  const { jobs, outbox } = createBackground({
    database,
    clock,
    random,
    log: app.log.child({ module: 'jobs' }),
    mailer,
    broadcaster: () => late.broadcaster,
  });
  outbox.handle(
    END_SESSION_CONNECTIONS,
    endSessionConnectionsHandler(() => late.broadcaster),
  );
  // Workers run inside this process by default (DESIGN §2.1); `npm run worker` adds more.
  app.addHook('onReady', () => jobs.start({ work: deps.startJobs ?? true }));
  app.decorate('jobs', jobs);
  app.decorate('outbox', outbox);
  app.addHook('onClose', () => jobs.stop());
  const uow = createUnitOfWork(db, async () => {
    await outbox.dispatch().catch((error: unknown) => {
      app.log.error({ err: error, event: 'outbox.dispatch_failed' }, 'outbox dispatch failed');
    });
  });
  const events = createRealtimeEvents(outbox, { customer: customerChannel });
  const sessions = createSessionService({
    db,
    uow,
    repository: createSessionRepository(db),
    clock,
    random,
    events,
  });
  const countries = createCountriesService(createCountriesRepository(db));
  const customers = createCustomerService(createCustomerRepository(db), countries);
  const onboarding = createOnboardingService({
    uow,
    repository: createOnboardingRepository(),
    customers,
    countries,
    clock,
    limiter,
    events,
  });
  const background = deps.background ?? createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.drain());
  const notifier = createAccountNotifier(async (tx, message) => {
    // Mail to one address goes out in the order it was written.
    await outbox.add(tx, mailMessage({ type: 'mailbox', id: message.to }, message));
  }, config.appUrl);
  const accounts = createAccountService({
    db,
    uow,
    accounts: createAccountRepository(),
    sessions,
    codes: createOneTimeCodes({
      clock,
      random,
      appKey,
      limiter,
      onGuessing: (target) => uow.run((tx) => notifier.codeGuessing(tx, target.sentTo)),
    }),
    hasher: deps.hasher ?? createPasswordHasher(),
    notifier,
    limiter,
    background,
    policy: defaultPasswordPolicy,
    clock,
    random,
    appUrl: config.appUrl,
    events,
  });

  await app.register(cookie);
  await app.register(sessionPlugin, {
    appKey,
    secureCookies: config.secureCookies,
    allowedOrigins: config.allowedOrigins,
    random,
  });
  await app.register(authenticationPlugin, { sessions });
  // Money-moving routes opt in with `config: { idempotent: true }` (DESIGN §3).
  await app.register(idempotencyPlugin, {
    db,
    clock,
    afterCommit: () => void uow.deliver(),
    ...deps.idempotency,
  });

  await app.register(healthRoutes, {
    pingDatabase: database.ping,
    ...(redis ? { pingRedis: async () => void (await redis.ping()) } : {}),
  });
  await app.register(sessionRoutes);
  await app.register(countriesRoutes, { service: countries });
  await app.register(accountRoutes, {
    accounts,
    customers,
    limiter,
    policy: defaultPasswordPolicy,
  });
  await app.register(customerRoutes, { customers });
  await app.register(deviceRoutes, { sessions });
  await app.register(onboardingRoutes, { onboarding });
  const credentials =
    deps.pusherCredentials ?? configuredCredentials(config) ?? generateCredentials(random);
  const timers = { ...defaultRealtimeTimers, ...deps.realtimeTimers };
  const fanOutBus =
    deps.fanOutBus ??
    (redis
      ? createRedisBus(
          redis,
          `${config.redisPrefix}realtime`,
          app.log.child({ module: 'realtime' }),
        )
      : undefined);
  const realtime = await registerRealtime(app, {
    config,
    credentials,
    random,
    clock,
    activityTimeoutSeconds: timers.activityTimeoutSeconds,
    pongTimeoutSeconds: timers.pongTimeoutSeconds,
    fanOutStartTimeoutMs: timers.fanOutStartTimeoutMs,
    ...(fanOutBus ? { fanOutBus } : {}),
  });
  app.decorate('realtime', realtime.hub);
  late.broadcaster = createBroadcaster(app, config, realtime.network, credentials);
  app.decorate('broadcaster', late.broadcaster);
  const sweeper = startSessionSweeper({
    hub: realtime.hub,
    endedAmong: (ids) => sessions.endedAmong(ids),
    announceEnded: (customerId, ids) => sessions.announceEnded(customerId, ids),
    log: app.log.child({ module: 'realtime' }),
    intervalMs: timers.sessionSweepMs,
  });
  app.addHook('onClose', async () => sweeper.stop());

  app.get('/docs', { schema: { hide: true } }, async () => app.swagger());

  return app;
}
