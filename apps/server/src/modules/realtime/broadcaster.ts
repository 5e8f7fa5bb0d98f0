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
  return {
    async broadcast(channel, event, payload, options) {
      await network.publish(
        [channel],
        event,
        validatePayload(event, payload),
        options?.exceptSocketId,
      );
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
  };
}

/**
 * The events domain services emit. Failures are logged and swallowed: a realtime hiccup must
 * never fail the request that changed the data.
 */
