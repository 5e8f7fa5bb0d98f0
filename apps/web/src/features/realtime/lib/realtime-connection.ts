import type { RealtimeConfig } from '@corridor/contracts';
import { SOCKET_ID_HEADER } from '@corridor/contracts/wire/headers';
import { apiPaths } from '@corridor/contracts/wire/routes';
import { httpClient } from '@/lib/http-client';
import { authenticateUser } from '../api/authenticate-user';
import { authorizeChannel } from '../api/authorize-channel';
import { getRealtimeConfig } from '../api/get-realtime-config';
import type { AuthCallback } from './auth-callback';

/** docs/product/web-app.md#constants: pusher-js timeouts, in milliseconds. */
export const ACTIVITY_TIMEOUT_MS = 120_000;
export const PONG_TIMEOUT_MS = 30_000;
export const UNAVAILABLE_TIMEOUT_MS = 10_000;

/** What the app needs of a subscribed channel (Echo's private channel fits). */
export interface RealtimeChannel {
  listen(event: string, callback: (payload: unknown) => void): RealtimeChannel;
  error(callback: (error: unknown) => void): RealtimeChannel;
  /** Each time the subscription lands: the first time, and again after a reconnection. */
  subscribed(callback: () => void): RealtimeChannel;
}

/** What the app needs of the connection (an Echo instance fits). */
export interface RealtimeClient {
  /** The socket id once connected, otherwise undefined. */
  socketId(): string | undefined;
  /** `channel` without its `private-` prefix: Echo adds it. */
  private(channel: string): RealtimeChannel;
  /** `channel` without its prefix: Echo leaves it, `private-` and `presence-` variants. */
  leave(channel: string): void;
  disconnect(): void;
}

/** Options handed to Echo (and through it to pusher-js). */
export interface RealtimeOptions {
  broadcaster: 'pusher';
  key: string;
  cluster: string;
  wsHost: string;
  wssHost: string;
  wsPort: number;
  wssPort: number;
  forceTLS: boolean;
  enabledTransports: ('ws' | 'wss')[];
  disableStats: boolean;
  activityTimeout: number;
  pongTimeout: number;
  unavailableTimeout: number;
  /** httpClient sends X-Socket-ID itself; Echo's interceptors would patch a global axios. */
  withoutInterceptors: boolean;
  channelAuthorization: {
    endpoint: string;
    transport: 'ajax';
    headers: Record<string, string>;
    customHandler: (
      params: { socketId: string; channelName: string },
      callback: AuthCallback<{ auth: string; channel_data?: string }>,
    ) => void;
  };
  userAuthentication: {
    endpoint: string;
    transport: 'ajax';
    headers: Record<string, string>;
    customHandler: (
      params: { socketId: string },
      callback: AuthCallback<{ auth: string; user_data: string }>,
    ) => void;
  };
}

export type RealtimeFactory = (options: RealtimeOptions) => Promise<RealtimeClient>;

/** The Echo options for the server's realtime config. */
export function realtimeOptions(config: RealtimeConfig): RealtimeOptions {
  return {
    broadcaster: 'pusher',
    key: config.key,
    cluster: config.cluster,
    wsHost: config.host,
    wssHost: config.host,
    wsPort: config.port,
    wssPort: config.port,
    forceTLS: config.scheme === 'https',
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    activityTimeout: ACTIVITY_TIMEOUT_MS,
    pongTimeout: PONG_TIMEOUT_MS,
    unavailableTimeout: UNAVAILABLE_TIMEOUT_MS,
    withoutInterceptors: true,
    channelAuthorization: {
      endpoint: apiPaths.broadcastingAuth,
      transport: 'ajax',
      headers: {},
      customHandler: authorizeChannel,
    },
    userAuthentication: {
      endpoint: apiPaths.broadcastingUserAuth,
      transport: 'ajax',
      headers: {},
      customHandler: authenticateUser,
    },
  };
}

/** Loads Echo and pusher-js on demand, so the sign-in chunk does not carry them. */
const echoFactory: RealtimeFactory = async (options) => {
  const [{ default: Echo }, { default: Pusher }] = await Promise.all([
    import('laravel-echo'),
    import('pusher-js'),
  ]);
  const echo = new Echo<'pusher'>({ ...options, Pusher });
  return echo as unknown as RealtimeClient;
};

// null turns realtime off (the unit tests' default, so no test reaches for a config it did not mock).
let factory: RealtimeFactory | null = echoFactory;
let configPromise: Promise<RealtimeConfig> | null = null;
let clientPromise: Promise<RealtimeClient | null> | null = null;
let client: RealtimeClient | null = null;
// Bumped on disconnect, so a connection still being set up is dropped when it lands.
let generation = 0;

/**
 * Tests replace Echo with a fake, or turn realtime off with null; returns a function that
 * restores the previous factory.
 */
export function setRealtimeFactory(next: RealtimeFactory | null): () => void {
  const previous = factory;
  factory = next;
  return () => {
    factory = previous;
  };
}

/** The server's realtime config, fetched once per page (again only after a failure). */
function realtimeConfig(): Promise<RealtimeConfig> {
  configPromise ??= getRealtimeConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/**
 * The realtime connection, created on first use. Realtime is an optimisation (docs/product/realtime.md): a
 * failure is only logged and resolves to null; the app keeps working without it.
 */
export function connectRealtime(): Promise<RealtimeClient | null> {
  if (clientPromise !== null) return clientPromise;
  const create = factory;
  if (create === null) return Promise.resolve(null);
  const started = generation;
  const promise = realtimeConfig()
    .then((config) => create(realtimeOptions(config)))
    .then((created) => {
      if (started !== generation) {
        created.disconnect();
        return null;
      }
      client = created;
      return created;
    })
    .catch((error: unknown) => {
      console.warn('Realtime connection unavailable', error);
      if (clientPromise === promise) clientPromise = null;
      return null;
    });
  clientPromise = promise;
  return promise;
}

/** Closes the connection (sign-out); the next `connectRealtime` opens a new one. */
export function disconnectRealtime(): void {
  generation += 1;
  const current = client;
  client = null;
  clientPromise = null;
  try {
    current?.disconnect();
  } catch (error) {
    console.warn('Realtime disconnect failed', error);
  }
}

/** Closes the connection and forgets the fetched config (between unit tests). */
export function resetRealtime(): void {
  disconnectRealtime();
  configPromise = null;
}

/** The socket id of the open connection, if connected. */
export function currentSocketId(): string | undefined {
  try {
    return client?.socketId() || undefined;
  } catch {
    return undefined;
  }
}

// Once connected, every request names its socket, so the server can leave it out of broadcasts.
httpClient.provideHeader(SOCKET_ID_HEADER, currentSocketId);
