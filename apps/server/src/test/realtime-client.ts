import type { AddressInfo } from 'node:net';
import { apiPaths } from '@corridor/contracts';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel, type Options } from 'pusher-js';
import WebSocket from 'ws';
import type { PusherCredentials } from '../modules/realtime/protocol.ts';
import type { TestBrowser } from './test-browser.ts';

/** Real pusher-js (Node build) clients for the realtime tests, authorised as the SPA does. */

export type Authorize = NonNullable<
  Extract<Options['channelAuthorization'], { customHandler: unknown }>
>['customHandler'];
type UserAuthenticate = NonNullable<
  Extract<Options['userAuthentication'], { customHandler: unknown }>
>['customHandler'];

/** The environment that gives the app (or a server process) these realtime credentials. */
export function pusherEnv(credentials: PusherCredentials): Record<string, string> {
  return {
    PUSHER_APP_ID: credentials.appId,
    PUSHER_APP_KEY: credentials.key,
    PUSHER_APP_SECRET: credentials.secret,
  };
}

/** Starts `app` listening on 127.0.0.1 (on `port`, or a free one) and gives its port. */
export async function listenOnLoopback(app: FastifyInstance, port = 0): Promise<number> {
  await app.listen({ port, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** Ends every pusher-js client and raw socket a test opened (in afterEach). */
export function disconnectAll(clients: { disconnect(): void }[], sockets: WebSocket[] = []): void {
  for (const client of clients.splice(0)) client.disconnect();
  for (const socket of sockets.splice(0)) socket.terminate();
}

/** Channel authorization through our endpoint, with `browser`'s session cookie and XSRF header. */
export function authorizeAs(browser: TestBrowser): Authorize {
  return ({ socketId, channelName }, callback) => {
    browser
      .post(apiPaths.broadcastingAuth, { socket_id: socketId, channel_name: channelName })
      .then((response) =>
        response.statusCode === 200
          ? callback(null, response.json())
          : callback(new Error(`auth ${response.statusCode}`), null),
      )
      .catch((error: unknown) => callback(error as Error, null));
  };
}

/** User authentication (pusher `signin`) through our endpoint, like `authorizeAs`. */
export function userAuthenticateAs(browser: TestBrowser): UserAuthenticate {
  return ({ socketId }, callback) => {
    browser
      .post(apiPaths.broadcastingUserAuth, { socket_id: socketId })
      .then((response) =>
        response.statusCode === 200
          ? callback(null, response.json())
          : callback(new Error(`user-auth ${response.statusCode}`), null),
      )
      .catch((error: unknown) => callback(error as Error, null));
  };
}

/** A client of the hub on 127.0.0.1:`port`, over plain ws, without stats. */
export function pusherOptions(port: number, extra: Partial<Options> = {}): Options {
  return {
    cluster: 'ap4',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    ...extra,
  };
}

/** Resolves with the client once connected; `track` collects it for disconnecting after the test. */
export async function connectPusher(
  key: string,
  options: Options,
  track: { disconnect(): void }[],
): Promise<Pusher> {
  const client = new Pusher(key, options);
  track.push(client);
  await nextEvent(client.connection as never, 'connected');
  return client;
}

/** The next `event` on a channel, the client, or its connection. */
export function nextEvent<T = unknown>(target: Channel | Pusher, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      target.unbind(event, handler);
      resolve(data);
    };
    target.bind(event, handler);
  });
}

/** Subscribes and waits for the outcome: the channel, or an error naming the refusal. */
export async function subscribed(client: Pusher, channelName: string): Promise<Channel> {
  const channel = client.subscribe(channelName);
  await new Promise<void>((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve());
    channel.bind('pusher:subscription_error', (error: unknown) =>
      reject(new Error(JSON.stringify(error))),
    );
  });
  return channel;
}

/** Resolves when the client leaves the `connected` state (closed by the server, say). */
export function leftConnected(client: Pusher): Promise<string> {
  return new Promise((resolve) => {
    const handler = ({ current }: { current: string }) => {
      if (current === 'connected') return;
      client.connection.unbind('state_change', handler);
      resolve(current);
    };
    client.connection.bind('state_change', handler);
  });
}

/** Signs the client in (pusher `signin`) and resolves once the hub has answered. */
export async function signedIn(client: Pusher): Promise<void> {
  client.signin();
  await client.user.signinDonePromise;
  if (!client.user.user_data) throw new Error('signin refused');
}

export interface RawFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

/** A raw `ws` client of the hub: every frame it received, its close code, and a frame waiter. */
export interface RawHubSocket {
  socket: WebSocket;
  frames: RawFrame[];
  /** The close code, once closed. */
  closed: Promise<number>;
  /** The first frame named `event` (already received or the next one). */
  frame(event: string): Promise<RawFrame>;
}

export function rawHubSocket(
  port: number,
  key: string,
  track: WebSocket[],
  query = 'protocol=7',
): RawHubSocket {
  const raw = rawSocket(`ws://127.0.0.1:${port}/app/${key}?${query}`, track);
  // A socket cut by the server may report ECONNRESET; the close code is what tests look at.
  raw.socket.on('error', () => undefined);
  return raw;
}

/** A raw `ws` client of any URL, with request `headers`; `track` collects it for terminating. */
export function rawSocket(
  url: string,
  track: WebSocket[],
  headers: Record<string, string> = {},
): RawHubSocket {
  const socket = new WebSocket(url, { headers });
  track.push(socket);
  const frames: RawFrame[] = [];
  const waiters: (() => void)[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (raw: Buffer) => {
    frames.push(JSON.parse(raw.toString('utf8')) as RawFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  const frame = async (event: string) => {
    for (;;) {
      const found = frames.find((f) => f.event === event);
      if (found) return found;
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  return { socket, frames, closed, frame };
}

/** `promise`, or a failure naming `what` after `timeoutMs` (a condition that never came). */
export async function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${what}: not within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
