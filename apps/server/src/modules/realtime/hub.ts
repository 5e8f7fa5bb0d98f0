import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import { createConnections, type Connection } from './hub-connection.ts';
import { createLocalFanOut } from './hub-fan-out.ts';
import { createSubscriptions } from './hub-subscriptions.ts';
import { hubLimits, type HubLimits } from './limits.ts';
import { closeCodes, SOCKET_ID, type PusherCredentials } from './protocol.ts';
import { createSessionBindings } from './session-bindings.ts';

/**
 * The embedded Pusher-protocol server (docs/product/realtime.md#the-pusher-protocol): one per process,
 * sockets upgraded on the API port at GET /app/:key. State is in memory; fan-out across
 * processes is not part of this hub.
 */
export interface RealtimeHub {
  /** Takes over a freshly upgraded socket. */
  accept(socket: WebSocket, handshake: Handshake): void;
  /** Sends `event` to every subscriber of `channels`, except the socket `exceptSocketId`. */
  publish(channels: readonly string[], event: string, data: unknown, exceptSocketId?: string): void;
  /** Whether the socket is connected to this hub. */
  hasSocket(socketId: string): boolean;
  /**
   * An auth endpoint signed `token` for the socket on behalf of `sessionId`. The socket joins
   * the session only once it presents that token itself (session-bindings.ts): naming a socket
   * id is not enough.
   */
  recordSession(socketId: string, sessionId: string, token: string): void;
  /** The sessions that authorised the open sockets (for the session sweeper). */
  sessionIds(): string[];
  /** Closes every socket recorded for the session; returns how many were closed. */
  closeSocketsOfSession(sessionId: string): number;
  connectionCount(): number;
  close(): void;
}

export interface Handshake {
  key: string;
  protocol: string | undefined;
  origin: string | undefined;
  /** The client's address (`request.ip`: the TCP peer, or what a TRUST_PROXY proxy names). */
  address?: string | undefined;
}

export interface HubOptions {
  credentials: PusherCredentials;
  /** Browser origins allowed to open a socket; clients that send no Origin are allowed. */
  allowedOrigins: readonly string[];
  random: RandomSource;
  /** Liveness and rate windows are measured on it (docs/architecture.md#rules-of-the-code: time is injected). */
  clock: Clock;
  log: FastifyBaseLogger;
  /** Seconds of silence before a ping (told to clients in the handshake). */
  activityTimeoutSeconds?: number;
  /** Seconds to wait for any answer to a ping before closing with 4201. */
  pongTimeoutSeconds?: number;
  /** Client events (`client-*`) are relayed only when enabled; off for Corridor. */
  clientEvents?: boolean;
  /** What one client may cost (limits.ts); the defaults when omitted. */
  limits?: Partial<HubLimits>;
}

/**
 * The hub's parts: the sockets (hub-connection.ts), what they subscribe to and say on channels
 * (hub-subscriptions.ts), and delivery to this process's subscribers (hub-fan-out.ts).
 */
export function createHub(options: HubOptions): RealtimeHub {
  const { log } = options;
  const limits = hubLimits(options.limits);
  const fanOut = createLocalFanOut();
  const bindings = createSessionBindings<Connection>({
    perSession: limits.connectionsPerSession,
    // The newest socket is the tab the customer is looking at; the oldest tab keeps polling.
    // A code that pusher-js does not retry: a retry would evict the next one, round and round.
    onOverLimit(oldest, sessionId) {
      log.info(
        { event: 'realtime.session_over_quota', sessionId, limit: limits.connectionsPerSession },
        'realtime: closed the oldest socket of a session over its connection limit',
      );
      connections.end(
        oldest,
        closeCodes.overConnectionQuota,
        'Too many connections for this session',
      );
    },
  });
  const subscriptions = createSubscriptions({ hub: options, limits, bindings, fanOut });
  const connections = createConnections({ hub: options, limits, bindings, subscriptions });

  return {
    accept: connections.accept,
    publish: fanOut.publish,
    hasSocket: (socketId) => connections.get(socketId) !== undefined,

    recordSession(socketId, sessionId, token) {
      if (!SOCKET_ID.test(socketId)) return;
      const connection = connections.get(socketId);
      if (connection && !connection.closing) bindings.signed(connection, token, sessionId);
    },

    sessionIds: () => bindings.sessionIds(),

    closeSocketsOfSession(sessionId) {
      const bound = bindings.connectionsOf(sessionId);
      for (const connection of bound) {
        connections.end(connection, closeCodes.unauthorized, 'The session has ended');
      }
      return bound.length;
    },

    connectionCount: () => connections.count(),
    close: () => connections.close(),
  };
}
