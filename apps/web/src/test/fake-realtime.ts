import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach } from 'vitest';
import {
  setRealtimeFactory,
  type RealtimeChannel,
  type RealtimeClient,
  type RealtimeFactory,
  type RealtimeOptions,
} from '@/features/realtime';
import { server } from './msw-server';

/** What GET /client/v1/realtime-config answers in tests. */
export const realtimeConfigFixture = {
  key: 'corridor-key',
  host: 'realtime.test',
  port: 6001,
  scheme: 'https',
  cluster: 'ap4',
} as const;

/** Answers GET /client/v1/realtime-config, counting requests. */
export function serveRealtimeConfig(): { count: number } {
  const calls = { count: 0 };
  server.use(
    http.get('/client/v1/realtime-config', () => {
      calls.count += 1;
      return HttpResponse.json(realtimeConfigFixture);
    }),
  );
  return calls;
}

/** A subscribed channel that records its listeners, so a test can deliver events. */
export class FakeChannel implements RealtimeChannel {
  readonly listeners = new Map<string, (payload: unknown) => void>();
  errorCallback: ((error: unknown) => void) | null = null;
  readonly subscribedCallbacks: (() => void)[] = [];

  listen(event: string, callback: (payload: unknown) => void): RealtimeChannel {
    this.listeners.set(event, callback);
    return this;
  }

  error(callback: (error: unknown) => void): RealtimeChannel {
    this.errorCallback = callback;
    return this;
  }

  subscribed(callback: () => void): RealtimeChannel {
    this.subscribedCallbacks.push(callback);
    return this;
  }

  /** The subscription lands (or lands again after a reconnection), as pusher says it. */
  land(): void {
    this.subscribedCallbacks.forEach((callback) => callback());
  }

  /** Delivers an event as Echo would. */
  emit(event: string, payload: unknown): void {
    const listener = this.listeners.get(event);
    if (listener === undefined) throw new Error(`Nobody listens to ${event}`);
    listener(payload);
  }
}

/** An Echo stand-in: connected once `socket` is set. */
export class FakeRealtimeClient implements RealtimeClient {
  socket: string | undefined = undefined;
  readonly channels = new Map<string, FakeChannel>();
  readonly left: string[] = [];
  disconnected = 0;

  constructor(readonly options: RealtimeOptions) {}

  socketId(): string | undefined {
    return this.socket;
  }

  /** Like Echo, prefixes `private-`; channels are recorded by their full name. */
  private(channel: string): RealtimeChannel {
    const fake = new FakeChannel();
    this.channels.set(`private-${channel}`, fake);
    return fake;
  }

  /** Like Echo, leaves the channel under its prefixed names; records the private one. */
  leave(channel: string): void {
    this.left.push(`private-${channel}`);
  }

  disconnect(): void {
    this.disconnected += 1;
  }
}

/** A factory that records the clients it makes. */
export function fakeRealtimeFactory(): { factory: RealtimeFactory; clients: FakeRealtimeClient[] } {
  const clients: FakeRealtimeClient[] = [];
  const factory: RealtimeFactory = (options) => {
    const client = new FakeRealtimeClient(options);
    clients.push(client);
    return Promise.resolve(client);
  };
  return { factory, clients };
}

/**
 * For every test of the file: a fresh fake realtime in place of Echo, with the realtime config
 * served, and the real factory back after the test. Answers the current fake (read it in tests).
 */
export function fakeRealtimeEachTest(): () => ReturnType<typeof fakeRealtimeFactory> {
  let fake: ReturnType<typeof fakeRealtimeFactory> | undefined;
  let undo = (): void => undefined;
  beforeEach(() => {
    fake = fakeRealtimeFactory();
    undo = setRealtimeFactory(fake.factory);
    serveRealtimeConfig();
  });
  afterEach(() => undo());
  return () => {
    if (!fake) throw new Error('the fake realtime is made in beforeEach: read it in a test');
    return fake;
  };
}
