import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { logRedisErrors } from '../../lib/redis.ts';
import { turnBatch } from '../../lib/turn-batch.ts';
import type { RealtimeHub } from './hub.ts';
import { SOCKET_ID } from './protocol.ts';

/**
 * The embedded hubs of every process, addressed as one. A socket lives in one process, but the
 * request that publishes, authorises or ends a session may reach any of them.
 */
export interface HubNetwork {
  /** Delivers `event` to the subscribers of `channels` in every process. */
  publish(
    channels: readonly string[],
    event: string,
    data: unknown,
    exceptSocketId?: string,
  ): Promise<void>;
  /**
   * Tells the hub holding `socketId` (wherever it is connected) that `token` was signed for it
   * on behalf of `sessionId`; the socket joins the session when it presents the token.
   */
  recordSession(socketId: string, sessionId: string, token: string): Promise<void>;
  /** Closes the sockets authorised by `sessionId`, in every process. */
  closeSession(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

/** One process: the hub itself. */
export function createLocalHubNetwork(hub: RealtimeHub): HubNetwork {
  return {
    async publish(channels, event, data, exceptSocketId) {
      hub.publish(channels, event, data, exceptSocketId);
    },
    async recordSession(socketId, sessionId, token) {
      hub.recordSession(socketId, sessionId, token);
    },
    async closeSession(sessionId) {
      hub.closeSocketsOfSession(sessionId);
    },
    async close() {},
  };
}

/** A publish/subscribe channel shared by every process (Redis pub/sub, or memory in tests). */
export interface FanOutBus {
  publish(message: string): Promise<void>;
  /** Resolves once the subscription is active; it stays active across reconnections. */
  subscribe(handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis pub/sub. `commands` is the process's ordinary connection (it publishes); a subscribed
 * connection can do nothing else, so the subscriber is a duplicate of it. The subscriber
 * waits for Redis however long it takes and re-subscribes after every reconnection.
 */
export function createRedisBus(
  commands: Redis,
  channel: string,
  log: FastifyBaseLogger,
): FanOutBus {
  const subscriber = commands.duplicate({ maxRetriesPerRequest: null });
  logRedisErrors(subscriber, log, 'realtime: redis subscriber');
  return {
    async publish(message) {
      await commands.publish(channel, message);
    },
    async subscribe(handler) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) handler(message);
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      // quit() waits for a Redis that may never come back; the subscriber has nothing to flush.
      subscriber.disconnect();
    },
  };
}

/** An in-process bus: what Redis pub/sub does, for several apps inside one test process. */
export function createMemoryBus(): { connect(): FanOutBus } {
  const handlers = new Set<(message: string) => void>();
  return {
    connect() {
      let own: ((message: string) => void) | undefined;
      return {
        async publish(message) {
          // Asynchronous like Redis: delivered after the publisher returns.
          for (const handler of [...handlers]) queueMicrotask(() => handler(message));
        },
        async subscribe(handler) {
          own = handler;
          handlers.add(handler);
        },
        async close() {
          if (own) handlers.delete(own);
        },
      };
    },
  };
}

/** What travels between processes. Read defensively: the bus is shared infrastructure. */
const fanOutMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('publish'),
    channels: z.array(z.string()).min(1),
    event: z.string().min(1),
    data: z.unknown(),
    except: z.string().optional(),
  }),
  z.object({
    type: z.literal('record-session'),
    socketId: z.string().regex(SOCKET_ID),
    sessionId: z.uuid(),
    token: z.string().min(1).max(256),
  }),
  z.object({ type: z.literal('close-session'), sessionId: z.uuid() }),
]);
type FanOutMessage = z.infer<typeof fanOutMessageSchema>;
const fanOutMessagesSchema = z.array(fanOutMessageSchema).min(1).max(10_000);

/**
 * A bus message: the messages one turn of this process sent, in order, or (from a process of an
 * earlier release, during a rolling deploy) a single message. Undefined when unreadable.
 */
function readMessages(raw: string): FanOutMessage[] | undefined {
  try {
    const json: unknown = JSON.parse(raw);
    const parsed = Array.isArray(json)
      ? fanOutMessagesSchema.safeParse(json)
      : fanOutMessageSchema.safeParse(json);
    if (!parsed.success) return undefined;
    return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  } catch {
    return undefined;
  }
}

export interface FanOutOptions {
  /** How long the start waits for the bus before going on without it. */
  startTimeoutMs?: number;
}

/**
 * Every process's hub through the bus. Each message is delivered by every process — this one
 * too, through its own subscription — so delivery is exactly once per process and in the
 * order sent (a DeviceSignedOut always precedes the close of the same session's sockets).
 * When the bus is down, the process delivers to its own hub and logs: realtime is an
 * optimisation (docs/product/realtime.md) and the session sweeper still closes sockets of ended sessions.
 */
export async function createFanOutHubNetwork(
  hub: RealtimeHub,
  bus: FanOutBus,
  log: FastifyBaseLogger,
  options: FanOutOptions = {},
): Promise<HubNetwork> {
  const deliver = (message: FanOutMessage) => {
    switch (message.type) {
      case 'publish':
        hub.publish(message.channels, message.event, message.data, message.except);
        return;
      case 'record-session':
        hub.recordSession(message.socketId, message.sessionId, message.token);
        return;
      case 'close-session':
        hub.closeSocketsOfSession(message.sessionId);
        return;
    }
  };
  const subscribed = bus
    .subscribe((raw) => {
      const messages = readMessages(raw);
      if (messages) for (const message of messages) deliver(message);
      else
        log.warn({ event: 'realtime.fan_out_unreadable' }, 'realtime: unreadable fan-out message');
    })
    .then(
      () => true,
      (error: unknown) => {
        log.error({ err: error }, 'realtime: fan-out subscription failed');
        return false;
      },
    );
  let timer: NodeJS.Timeout | undefined;
  const started = await Promise.race([
    subscribed,
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), options.startTimeoutMs ?? 5000);
    }),
  ]);
  clearTimeout(timer);
  if (!started) {
    log.error(
      { event: 'realtime.fan_out_unavailable' },
      'realtime: the fan-out bus is not reachable yet; events reach only this process until it is',
    );
    void subscribed.then((ready) => {
      if (ready) log.info({ event: 'realtime.fan_out_ready' }, 'realtime: fan-out bus reachable');
    });
  }

  // What one turn of this process sends goes as one bus message (lib/turn-batch.ts): one
  // PUBLISH, one read and one parse in every process instead of one each. Order is kept: a
  // turn's messages in the order sent, turns in turn on the one connection.
  const send = turnBatch<FanOutMessage, undefined>(async (messages) => {
    try {
      await bus.publish(JSON.stringify(messages));
    } catch (error) {
      log.error(
        {
          err: error,
          event: 'realtime.fan_out_failed',
          types: [...new Set(messages.map((message) => message.type))],
        },
        'realtime: fan-out failed; delivered in this process only',
      );
      for (const message of messages) deliver(message);
    }
    return messages.map(() => undefined);
  });
  return {
    publish: (channels, event, data, except) =>
      send({
        type: 'publish',
        channels: [...channels],
        event,
        data,
        ...(except ? { except } : {}),
      }),
    async recordSession(socketId, sessionId, token) {
      // Usually the socket is here (one process, or a sticky balancer): no need for the bus.
      if (hub.hasSocket(socketId)) hub.recordSession(socketId, sessionId, token);
      else await send({ type: 'record-session', socketId, sessionId, token });
    },
    closeSession: (sessionId) => send({ type: 'close-session', sessionId }),
    close: () => bus.close(),
  };
}
