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
import PusherServer from 'pusher';
import type { z } from 'zod';
import type { HubNetwork } from './hub-network.ts';
import type { PusherCredentials } from './protocol.ts';

/** One event as `broadcastAll` takes it. */
export interface BroadcastEvent {
  channel: string;
  event: RealtimeEventName;
  payload: unknown;
  exceptSocketId?: string;
}

/**
 * How domain code sends realtime events (docs/product/realtime.md#events). Three drivers: the embedded hub of this
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
  /** As `broadcast` each, delivered in the order given (an outbox bundle's events, decision 68). */
  broadcastAll(events: readonly BroadcastEvent[]): Promise<void>;
  /** Closes the sockets authorised by `sessionId` (not possible with an external service). */
  endSessionConnections(sessionId: string): Promise<void>;
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

/**
 * (a) and (b): the embedded hubs — this process's alone, or every process's through the Redis
 * fan-out (hub-network.ts).
 */
export function createHubBroadcaster(network: HubNetwork): Broadcaster {
  const publish = (event: BroadcastEvent) =>
    network.publish(
      [event.channel],
      event.event,
      validatePayload(event.event, event.payload),
      event.exceptSocketId,
    );
  return {
    async broadcast(channel, event, payload, options) {
      await publish({ channel, event, payload, ...options });
    },
    async broadcastAll(events) {
      // Handed to the network side by side: it takes each publish in the order of the calls
      // (hub-network.ts: one bus message a turn), so they go as one and arrive in order.
      await Promise.all(events.map(publish));
    },
    endSessionConnections: (sessionId) => network.closeSession(sessionId),
  };
}

export interface ExternalServiceOptions {
  credentials: PusherCredentials;
  host: string;
  port: number | undefined;
  scheme: 'http' | 'https' | undefined;
}

/**
 * (c) An external Pusher-compatible service (docs/product/realtime.md#the-pusher-protocol) through the official SDK.
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
  const broadcast: Broadcaster['broadcast'] = async (channel, event, payload, options) => {
    const data = validatePayload(event, payload);
    await pusher.trigger(
      channel,
      event,
      data,
      options?.exceptSocketId ? { socket_id: options.exceptSocketId } : undefined,
    );
  };
  return {
    broadcast,
    async broadcastAll(events) {
      // One request after another: requests side by side may arrive in any order.
      for (const { channel, event, payload, exceptSocketId } of events) {
        await broadcast(channel, event, payload, exceptSocketId ? { exceptSocketId } : undefined);
      }
    },
    async endSessionConnections(sessionId) {
      log.info(
        { event: 'realtime.close_session_unsupported', session_id: sessionId },
        'an external realtime service cannot close the sockets of a session',
      );
    },
  };
}

/**
 * The events domain services emit. Failures are logged and swallowed: a realtime hiccup must
 * never fail the request that changed the data.
 */
