import {
  customerDocumentEventSchema,
  customerProfileUpdatedSchema,
  deviceSignedOutSchema,
  paymentTransactionStateUpdatedSchema,
  realtimeEvents,
  transactionStateUpdatedSchema,
  type RealtimeEventName,
} from '@corridor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import PusherServer from 'pusher';
import type { z } from 'zod';
import type { RealtimeHub } from './hub.ts';
import type { PusherCredentials } from './protocol.ts';

/**
 * How domain code sends realtime events (DESIGN §8). Three drivers: the embedded hub of this
 * process, a Redis fan-out to the hubs of every process, or an external Pusher-compatible
 * service through the official SDK.
 */
export interface Broadcaster {
  /** Validates `payload` against the contract schema of `event`, then delivers it. */
  broadcast(
    channel: string,
    event: RealtimeEventName,
    payload: unknown,
    options?: { exceptSocketId?: string },
  ): Promise<void>;
  /** Closes the sockets authorised by `sessionId` (not possible with an external service). */
  endSessionConnections(sessionId: string): Promise<void>;
  close(): Promise<void>;
}

const payloadSchemas: Record<RealtimeEventName, z.ZodType> = {
  [realtimeEvents.customerProfileUpdated]: customerProfileUpdatedSchema,
  [realtimeEvents.customerDocumentUploaded]: customerDocumentEventSchema,
  [realtimeEvents.customerDocumentProcessing]: customerDocumentEventSchema,
  [realtimeEvents.customerDocumentApproved]: customerDocumentEventSchema,
  [realtimeEvents.customerDocumentRejected]: customerDocumentEventSchema,
  [realtimeEvents.deviceSignedOut]: deviceSignedOutSchema,
  [realtimeEvents.transactionStateUpdated]: transactionStateUpdatedSchema,
  [realtimeEvents.paymentTransactionStateUpdated]: paymentTransactionStateUpdatedSchema,
};

/** The payload as the contract describes it; throws when it does not match. */
export function validatePayload(event: RealtimeEventName, payload: unknown): unknown {
  const schema = payloadSchemas[event];
  if (!schema) throw new Error(`unknown realtime event ${String(event)}`);
  return schema.parse(payload);
}

/** (a) This process's hub: enough for a single process. */
export function createHubBroadcaster(hub: RealtimeHub): Broadcaster {
  return {
    async broadcast(channel, event, payload, options) {
      hub.publish([channel], event, validatePayload(event, payload), options?.exceptSocketId);
    },
    async endSessionConnections(sessionId) {
      hub.closeSocketsOfSession(sessionId);
    },
    async close() {},
  };
}

/** What travels between processes on the fan-out bus. */
export type FanOutMessage =
  | { channel: string; event: string; data: unknown; exceptSocketId?: string }
  | { closeSession: string };

/** A publish/subscribe channel shared by every process (Redis pub/sub, or memory in tests). */
export interface FanOutBus {
  publish(message: string): Promise<void>;
  /** Resolves once the subscription is active. */
  subscribe(handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Redis pub/sub: one publishing and one subscribing connection per process (a subscribed
 * connection cannot publish). `channel` is prefix-able so test files do not hear each other.
 */
export function createRedisBus(
  redisUrl: string,
  channel: string,
  log: FastifyBaseLogger,
  connect: (url: string) => Redis,
): FanOutBus {
  const publisher = connect(redisUrl);
  const subscriber = connect(redisUrl);
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => log.error({ err: error }, 'realtime redis error'));
  }
  return {
    async publish(message) {
      await publisher.publish(channel, message);
    },
    async subscribe(handler) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) handler(message);
      });
      await subscriber.subscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
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

/**
 * (b) Fan-out: every message goes on the bus and every process (this one included, through
 * its own subscription) delivers it to its hub — exactly once per process.
 */
export async function createFanOutBroadcaster(
  hub: RealtimeHub,
  bus: FanOutBus,
  log: FastifyBaseLogger,
): Promise<Broadcaster> {
  await bus.subscribe((raw) => {
    let message: FanOutMessage;
    try {
      message = JSON.parse(raw) as FanOutMessage;
    } catch (error) {
      log.warn({ err: error }, 'unreadable realtime fan-out message');
      return;
    }
    if ('closeSession' in message) {
      hub.closeSocketsOfSession(message.closeSession);
    } else if (typeof message.channel === 'string' && typeof message.event === 'string') {
      hub.publish([message.channel], message.event, message.data, message.exceptSocketId);
    }
  });
  const send = (message: FanOutMessage) => bus.publish(JSON.stringify(message));
  return {
    async broadcast(channel, event, payload, options) {
      const data = validatePayload(event, payload);
      await send({
        channel,
        event,
        data,
        ...(options?.exceptSocketId ? { exceptSocketId: options.exceptSocketId } : {}),
      });
    },
    async endSessionConnections(sessionId) {
      await send({ closeSession: sessionId });
    },
    close: () => bus.close(),
  };
}

export interface ExternalServiceOptions {
  credentials: PusherCredentials;
  host: string;
  port: number | undefined;
  scheme: 'http' | 'https' | undefined;
}

/**
 * (c) An external Pusher-compatible service (pusher-protocol §13–§14) through the official SDK.
 * The HTTP API has no way to close the sockets of one session: ending a session there only
 * logs; the session's private channels stop authorising at the next subscription.
 */
export function createExternalBroadcaster(
  options: ExternalServiceOptions,
  log: FastifyBaseLogger,
): Broadcaster {
  const useTLS = (options.scheme ?? 'https') === 'https';
  const pusher = new PusherServer({
    appId: options.credentials.appId,
    key: options.credentials.key,
    secret: options.credentials.secret,
    host: options.host,
    ...(options.port !== undefined ? { port: String(options.port) } : {}),
    useTLS,
  });
  return {
    async broadcast(channel, event, payload, options) {
      const data = validatePayload(event, payload);
      await pusher.trigger(
        channel,
        event,
        data,
        options?.exceptSocketId ? { socket_id: options.exceptSocketId } : undefined,
      );
    },
    async endSessionConnections(sessionId) {
      log.info(
        { event: 'realtime.close_session_unsupported', session_id: sessionId },
        'an external realtime service cannot close the sockets of a session',
      );
    },
    async close() {},
  };
}

/**
 * The events domain services emit. Failures are logged and swallowed: a realtime hiccup must
 * never fail the request that changed the data.
 */
export interface RealtimeEvents {
  customerProfileUpdated(customerId: string): Promise<void>;
  deviceSignedOut(customerId: string, sessionId: string): Promise<void>;
  sessionsEnded(sessionIds: readonly string[]): Promise<void>;
}

export function createRealtimeEvents(
  broadcaster: () => Broadcaster | undefined,
  log: FastifyBaseLogger,
  channels: { customer(customerId: string): string },
): RealtimeEvents {
  const guarded = async (what: string, run: (b: Broadcaster) => Promise<unknown>) => {
    const target = broadcaster();
    if (!target) return;
    try {
      await run(target);
    } catch (error) {
      log.error({ err: error, realtime: what }, 'realtime broadcast failed');
    }
  };
  return {
    customerProfileUpdated: (customerId) =>
      guarded(realtimeEvents.customerProfileUpdated, (b) =>
        b.broadcast(channels.customer(customerId), realtimeEvents.customerProfileUpdated, {
          customer_id: customerId,
        }),
      ),
    deviceSignedOut: (customerId, sessionId) =>
      guarded(realtimeEvents.deviceSignedOut, (b) =>
        b.broadcast(channels.customer(customerId), realtimeEvents.deviceSignedOut, {
          session_id: sessionId,
        }),
      ),
    sessionsEnded: (sessionIds) =>
      guarded('sessionsEnded', (b) =>
        Promise.all(sessionIds.map((id) => b.endSessionConnections(id))),
      ),
  };
}

/** For services built without realtime (unit tests). */
export const noRealtimeEvents: RealtimeEvents = {
  customerProfileUpdated: async () => {},
  deviceSignedOut: async () => {},
  sessionsEnded: async () => {},
};
