import { AppError } from '../../errors/app-error.ts';
import websocket from '@fastify/websocket';
import { apiPaths, realtimeConfigSchema, type RealtimeConfig } from '@corridor/contracts';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { broadcastingRoutes } from './broadcasting.routes.ts';
import {
  createExternalBroadcaster,
  createHubBroadcaster,
  type Broadcaster,
} from './broadcaster.ts';
import { createChannelAccess, type ChannelOwnership } from './channel-access.ts';
import { createHub, type RealtimeHub } from './hub.ts';
import {
  createFanOutHubNetwork,
  createLocalHubNetwork,
  type FanOutBus,
  type HubNetwork,
} from './hub-network.ts';
import { hubLimits, type HubLimits } from './limits.ts';
import type { PusherCredentials } from './protocol.ts';
import { triggerRoutes } from './trigger.routes.ts';

export interface RealtimeOptions {
  config: Config;
  credentials: PusherCredentials;
  random: RandomSource;
  clock: Clock;
  ownership?: ChannelOwnership;
  /** The bus shared with the other processes (Redis pub/sub); none means this process alone. */
  fanOutBus?: FanOutBus;
  fanOutStartTimeoutMs?: number;
  /** Relay `client-*` events between members of private and presence channels (off for Corridor). */
  clientEvents?: boolean;
  /** Test hooks: shorter liveness timers. */
  activityTimeoutSeconds?: number;
  pongTimeoutSeconds?: number;
  /** Test and bench hook: limits other than the defaults of limits.ts. */
  limits?: Partial<HubLimits>;
}

/** Where browsers connect: the external service when PUSHER_HOST is set, else this API's origin. */
export function realtimeClientConfig(config: Config, key: string): RealtimeConfig {
  const { pusher } = config;
  if (pusher.host) {
    const scheme = pusher.scheme ?? 'https';
    return {
      key,
      host: pusher.host,
      port: pusher.port ?? (scheme === 'https' ? 443 : 80),
      scheme,
      cluster: pusher.cluster,
    };
  }
  const url = new URL(config.appUrl);
  const scheme = url.protocol === 'https:' ? 'https' : 'http';
  return {
    key,
    host: url.hostname,
    port: url.port ? Number(url.port) : scheme === 'https' ? 443 : 80,
    scheme,
    cluster: pusher.cluster,
  };
}

export interface Realtime {
  hub: RealtimeHub;
  network: HubNetwork;
  /** Where domain events go: this hub, every process's hub (Redis) or the external service. */
  broadcaster: Broadcaster;
  /**
   * The embedded Pusher-protocol server on the API port: the WebSocket at /app/:key, the
   * channel/user auth endpoints, the signed trigger API and the browser's connection settings.
   */
  routes: FastifyPluginAsync;
}

/** docs/product/realtime.md: the external service when PUSHER_HOST is set, else the embedded hubs. */
function createBroadcaster(
  options: RealtimeOptions,
  network: HubNetwork,
  log: FastifyBaseLogger,
): Broadcaster {
  const { pusher } = options.config;
  if (!pusher.host) return createHubBroadcaster(network);
  return createExternalBroadcaster(
    {
      credentials: options.credentials,
      host: pusher.host,
      port: pusher.port,
      scheme: pusher.scheme,
    },
    log,
  );
}

/**
 * The hub, its network and the broadcaster exist before any service (they only need a logger),
 * so the outbox can deliver events from the start; the routes come with the other modules'.
 */
export async function createRealtime(
  options: RealtimeOptions & { log: FastifyBaseLogger },
): Promise<Realtime> {
  const { config } = options;
  const log = options.log.child({ module: 'realtime' });
  const limits = hubLimits(options.limits);
  const hub = createHub({
    clock: options.clock,
    limits,
    credentials: options.credentials,
    allowedOrigins: config.allowedOrigins,
    random: options.random,
    log,
    clientEvents: options.clientEvents ?? false,
    ...(options.activityTimeoutSeconds !== undefined
      ? { activityTimeoutSeconds: options.activityTimeoutSeconds }
      : {}),
    ...(options.pongTimeoutSeconds !== undefined
      ? { pongTimeoutSeconds: options.pongTimeoutSeconds }
      : {}),
  });
  const network = options.fanOutBus
    ? await createFanOutHubNetwork(hub, options.fanOutBus, log, {
        ...(options.fanOutStartTimeoutMs !== undefined
          ? { startTimeoutMs: options.fanOutStartTimeoutMs }
          : {}),
      })
    : createLocalHubNetwork(hub);
  const routes: FastifyPluginAsync = async (parent) => {
    await registerRealtimeRoutes(parent, {
      ...options,
      hub,
      network,
      maxFrameBytes: limits.maxFrameBytes,
    });
  };
  return { hub, network, broadcaster: createBroadcaster(options, network, log), routes };
}

async function registerRealtimeRoutes(
  parent: FastifyInstance,
  options: RealtimeOptions & { hub: RealtimeHub; network: HubNetwork; maxFrameBytes: number },
): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { config, credentials, hub, network } = options;
  // Larger frames are refused by `ws` itself (close 1009) before any of them is buffered whole.
  await app.register(websocket, { options: { maxPayload: options.maxFrameBytes } });
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => network.close());

  app.route({
    method: 'GET',
    url: '/app/:key',
    schema: { hide: true },
    // A plain HTTP request here gets the usual 404 envelope, not the plugin's empty answer.
    handler: async () => {
      throw new AppError('not_found');
    },
    wsHandler: (socket, request) => {
      const params = request.params as { key?: string };
      const query = request.query as Record<string, unknown>;
      hub.accept(socket, {
        key: params.key ?? '',
        protocol: typeof query.protocol === 'string' ? query.protocol : undefined,
        origin: request.headers.origin,
        address: request.ip,
      });
    },
  });

  app.get(
    apiPaths.realtimeConfig,
    {
      config: { access: 'public' },
      schema: { tags: ['realtime'], response: { 200: realtimeConfigSchema } },
    },
    async () => realtimeClientConfig(config, credentials.key),
  );

  await app.register(broadcastingRoutes, {
    credentials,
    network,
    access: createChannelAccess(options.ownership),
  });
  await app.register(triggerRoutes, { credentials, network, clock: options.clock });
}

/** The realtime server registered on `app` in one step (the bench and the hub's own tests). */
export async function registerRealtime(
  app: FastifyInstance,
  options: RealtimeOptions,
): Promise<{ hub: RealtimeHub; network: HubNetwork }> {
  const realtime = await createRealtime({ ...options, log: app.log });
  await realtime.routes(app, {});
  return { hub: realtime.hub, network: realtime.network };
}
