import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import {
  fullFrameBudget,
  hubLimits,
  isLoopback,
  spendFrame,
  type FrameBudget,
  type HubLimits,
} from './limits.ts';
import {
  CHANNEL_NAME,
  channelType,
  closeCodes,
  constantTimeEqual,
  decodeClientFrame,
  encodeFrame,
  signChannel,
  signUser,
  SOCKET_ID,
  type PusherCredentials,
  type ServerFrame,
} from './protocol.ts';
import { createSessionBindings } from './session-bindings.ts';

/**
 * The embedded Pusher-protocol server (reference/pusher-protocol.md §2–§13): one per process,
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
  /** Liveness and rate windows are measured on it (DESIGN §2: time is injected). */
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

interface Connection {
  id: string;
  socket: WebSocket;
  /** Subscribed channels → the presence user id on presence channels. */
  channels: Map<string, string | undefined>;
  userId: string | undefined;
  /** Counted towards the per-address limit under this address. */
  address: string | undefined;
  lastSeenAt: number;
  pingSentAt: number | undefined;
  /** Inbound frames of any kind, counted before they are parsed. */
  frames: FrameBudget;
  /** Client events relayed in the current one-second window (§12: at most 10 a second). */
  clientEvents: { windowStart: number; count: number };
  /** Closed by the hub: whatever it still sends is ignored. */
  closing: boolean;
  dropped: boolean;
}

interface PresenceMember {
  info: unknown;
  socketIds: Set<string>;
}

const SERVER_TO_USER = '#server-to-user-';
/** WebSocket.OPEN (the `ws` constant, without importing the class at runtime). */
const OPEN = 1;
const MAX_PRESENCE_USER_BYTES = 1024;
const MAX_USER_ID_LENGTH = 128;

export function createHub(options: HubOptions): RealtimeHub {
  const { credentials, random, log } = options;
  const allowedOrigins = new Set(options.allowedOrigins);
  const limits = hubLimits(options.limits);
  const activityTimeout = options.activityTimeoutSeconds ?? 120;
  const pongTimeout = options.pongTimeoutSeconds ?? 30;
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();
  const presence = new Map<string, Map<string, PresenceMember>>();
  /** Open sockets per counted peer address. */
  const perAddress = new Map<string, number>();
  const bindings = createSessionBindings<Connection>({
    perSession: limits.connectionsPerSession,
    // The newest socket is the tab the customer is looking at; the oldest tab keeps polling.
    // A code that pusher-js does not retry: a retry would evict the next one, round and round.
    onOverLimit(oldest, sessionId) {
      log.info(
        { event: 'realtime.session_over_quota', sessionId, limit: limits.connectionsPerSession },
        'realtime: closed the oldest socket of a session over its connection limit',
      );
      end(oldest, closeCodes.overConnectionQuota, 'Too many connections for this session');
    },
  });

  const send = (connection: Connection, frame: ServerFrame) => {
    if (connection.socket.readyState === OPEN) {
      connection.socket.send(encodeFrame(frame));
    }
  };
  const sendError = (connection: Connection, code: number | null, message: string) =>
    send(connection, { event: 'pusher:error', data: { code, message } });
  const refuse = (socket: WebSocket, code: number, message: string) => {
    socket.send(encodeFrame({ event: 'pusher:error', data: { code, message } }));
    socket.close(code, message);
  };
  const subscriptionError = (
    connection: Connection,
    channel: string,
    status: number,
    error: string,
  ) =>
    send(connection, {
      event: 'pusher:subscription_error',
      channel,
      data: { type: 'AuthError', error, status },
    });

  const newSocketId = () => {
    for (;;) {
      const bytes = random.bytes(8);
      const id = `${bytes.readUInt32BE(0)}.${bytes.readUInt32BE(4)}`;
      if (!connections.has(id)) return id;
    }
  };

  const presenceData = (channel: string) => {
    const members = presence.get(channel) ?? new Map<string, PresenceMember>();
    const ids = [...members.keys()];
    const hash = Object.fromEntries([...members].map(([id, member]) => [id, member.info ?? null]));
    return { presence: { ids, hash, count: ids.length } };
  };

  const join = (
    connection: Connection,
    channel: string,
    presenceUser?: { id: string; info: unknown },
  ) => {
    let subscribers = channels.get(channel);
    if (!subscribers) channels.set(channel, (subscribers = new Set()));
    const already = connection.channels.has(channel);
    subscribers.add(connection);
    connection.channels.set(channel, presenceUser?.id);
    if (presenceUser && !already) {
      let members = presence.get(channel);
      if (!members) presence.set(channel, (members = new Map()));
      const member = members.get(presenceUser.id);
      if (member) {
        member.socketIds.add(connection.id);
      } else {
        members.set(presenceUser.id, {
          info: presenceUser.info,
          socketIds: new Set([connection.id]),
        });
        const added = { user_id: presenceUser.id, user_info: presenceUser.info };
        for (const other of subscribers) {
          if (other !== connection) {
            send(other, { event: 'pusher_internal:member_added', channel, data: added });
          }
        }
      }
    }
    send(connection, {
      event: 'pusher_internal:subscription_succeeded',
      channel,
      data: presenceUser ? presenceData(channel) : {},
    });
  };

  const leave = (connection: Connection, channel: string) => {
    if (!connection.channels.has(channel)) return;
    const userId = connection.channels.get(channel);
    connection.channels.delete(channel);
    const subscribers = channels.get(channel);
    subscribers?.delete(connection);
    if (subscribers?.size === 0) channels.delete(channel);
    if (userId === undefined) return;
    const members = presence.get(channel);
    const member = members?.get(userId);
    if (!members || !member) return;
    member.socketIds.delete(connection.id);
    if (member.socketIds.size > 0) return;
    members.delete(userId);
    if (members.size === 0) presence.delete(channel);
    for (const other of subscribers ?? []) {
      send(other, { event: 'pusher_internal:member_removed', channel, data: { user_id: userId } });
    }
  };

  const parsePresenceUser = (channelData: string): { id: string; info: unknown } | undefined => {
    if (Buffer.byteLength(channelData) > MAX_PRESENCE_USER_BYTES) return undefined;
    try {
      const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown };
      const id = parsed.user_id;
      if ((typeof id !== 'string' && typeof id !== 'number') || String(id).length === 0) {
        return undefined;
      }
      if (String(id).length > MAX_USER_ID_LENGTH) return undefined;
      return { id: String(id), info: parsed.user_info };
    } catch {
      return undefined;
    }
  };

  const subscribe = (connection: Connection, data: unknown) => {
    const { channel, auth, channel_data: channelData } = (data ?? {}) as Record<string, unknown>;
    if (typeof channel !== 'string') {
      sendError(connection, null, 'pusher:subscribe needs a channel');
      return;
    }
    if (
      !connection.channels.has(channel) &&
      connection.channels.size >= limits.channelsPerConnection
    ) {
      // Channel-scoped, so the app's channel hears it (a bare pusher:error leaves it pending).
      send(connection, {
        event: 'pusher:subscription_error',
        channel,
        data: {
          type: 'LimitReached',
          error: `At most ${limits.channelsPerConnection} channels per connection`,
          status: 429,
        },
      });
      return;
    }
    if (channel.startsWith(SERVER_TO_USER)) {
      if (connection.userId !== undefined && channel === SERVER_TO_USER + connection.userId) {
        join(connection, channel);
      } else {
        subscriptionError(connection, channel, 401, 'Sign in as this user first');
      }
      return;
    }
    if (!CHANNEL_NAME.test(channel)) {
      sendError(connection, null, 'Invalid channel name');
      return;
    }
    const type = channelType(channel);
    if (type === 'public') {
      join(connection, channel);
      return;
    }
    if (type === 'encrypted') {
      subscriptionError(connection, channel, 400, 'Encrypted channels are not supported');
      return;
    }
    if (type === 'presence') {
      const user = typeof channelData === 'string' ? parsePresenceUser(channelData) : undefined;
      const ok =
        user !== undefined &&
        typeof auth === 'string' &&
        typeof channelData === 'string' &&
        constantTimeEqual(signChannel(credentials, connection.id, channel, channelData), auth);
      if (!ok) {
        subscriptionError(connection, channel, 401, 'Invalid signature');
        return;
      }
      bindings.presented(connection, auth);
      join(connection, channel, user);
      return;
    }
    if (
      typeof auth !== 'string' ||
      !constantTimeEqual(signChannel(credentials, connection.id, channel), auth)
    ) {
      subscriptionError(connection, channel, 401, 'Invalid signature');
      return;
    }
    bindings.presented(connection, auth);
    join(connection, channel);
  };

  const signin = (connection: Connection, data: unknown) => {
    const { auth, user_data: userData } = (data ?? {}) as Record<string, unknown>;
    let id: unknown;
    let token: string | undefined;
    if (
      typeof auth === 'string' &&
      typeof userData === 'string' &&
      constantTimeEqual(signUser(credentials, connection.id, userData), auth)
    ) {
      token = auth;
      try {
        id = (JSON.parse(userData) as { id?: unknown }).id;
      } catch {
        id = undefined;
      }
    }
    if (
      token === undefined ||
      typeof id !== 'string' ||
      id.length === 0 ||
      id.length > MAX_USER_ID_LENGTH
    ) {
      sendError(connection, closeCodes.unauthorized, 'Invalid signin');
      return;
    }
    if (connection.userId !== undefined && connection.userId !== id) {
      sendError(connection, closeCodes.unauthorized, 'Already signed in as another user');
      return;
    }
    connection.userId = id;
    bindings.presented(connection, token);
    send(connection, { event: 'pusher:signin_success', data: { user_data: userData } });
  };

  const onMessage = (connection: Connection, raw: RawData, isBinary: boolean) => {
    // Counted before anything is decoded: a flood costs a comparison per frame, then nothing.
    if (connection.closing) return;
    const now = options.clock.now().getTime();
    if (!spendFrame(connection.frames, limits, now)) {
      shed(connection);
      return;
    }
    connection.lastSeenAt = now;
    connection.pingSentAt = undefined;
    const frame = isBinary ? undefined : decodeClientFrame(rawToString(raw));
    if (!frame) {
      sendError(connection, 4200, 'Invalid message format');
      return;
    }
    switch (frame.event) {
      case 'pusher:ping':
        send(connection, { event: 'pusher:pong', data: {} });
        return;
      case 'pusher:pong':
        return;
      case 'pusher:subscribe':
        subscribe(connection, frame.data);
        return;
      case 'pusher:unsubscribe': {
        const channel = (frame.data as { channel?: unknown } | null)?.channel;
        if (typeof channel === 'string') leave(connection, channel);
        return;
      }
      case 'pusher:signin':
        signin(connection, frame.data);
        return;
      default:
        break;
    }
    if (frame.event.startsWith('client-')) {
      if (!options.clientEvents) {
        sendError(connection, closeCodes.clientEventRejected, 'Client events are not enabled');
        return;
      }
      relayClientEvent(connection, frame.event, frame.channel, frame.data);
      return;
    }
    sendError(connection, null, 'Unknown event');
  };

  const relayClientEvent = (
    connection: Connection,
    event: string,
    channel: string | undefined,
    data: unknown,
  ) => {
    const type = channel === undefined ? 'public' : channelType(channel);
    if (
      channel === undefined ||
      (type !== 'private' && type !== 'presence') ||
      !connection.channels.has(channel)
    ) {
      sendError(
        connection,
        closeCodes.unauthorized,
        'The client is not a member of the specified channel',
      );
      return;
    }
    const now = options.clock.now().getTime();
    const window = connection.clientEvents;
    if (now - window.windowStart >= 1000) {
      window.windowStart = now;
      window.count = 0;
    }
    window.count += 1;
    if (window.count > limits.clientEventsPerSecond) {
      sendError(connection, closeCodes.clientEventRejected, 'Client event rate limit exceeded');
      return;
    }
    const userId = connection.channels.get(channel);
    for (const other of channels.get(channel) ?? []) {
      if (other === connection) continue;
      send(other, { event, channel, data, ...(userId !== undefined ? { user_id: userId } : {}) });
    }
  };

  const drop = (connection: Connection) => {
    if (connection.dropped) return;
    connection.dropped = true;
    for (const channel of [...connection.channels.keys()]) leave(connection, channel);
    connections.delete(connection.id);
    bindings.forget(connection);
    if (connection.address !== undefined) {
      const open = (perAddress.get(connection.address) ?? 1) - 1;
      if (open > 0) perAddress.set(connection.address, open);
      else perAddress.delete(connection.address);
    }
  };

  /** Tells the client why, closes, and forgets the connection at once. */
  const end = (connection: Connection, code: number, message: string) => {
    connection.closing = true;
    sendError(connection, code, message);
    connection.socket.close(code, message);
    drop(connection);
  };

  /**
   * Over its frame budget: 4301 (pusher-js then stops reconnecting), and nothing more is read
   * from the socket — the rest of the flood stays in the kernel until the socket is cut, after
   * a grace period for the client to read the close frame.
   */
  const shed = (connection: Connection) => {
    log.warn(
      { event: 'realtime.flood_closed', socketId: connection.id, address: connection.address },
      'realtime: closed a socket that sent too many frames',
    );
    end(connection, closeCodes.rateLimited, 'Too many messages');
    connection.socket.pause();
    setTimeout(() => connection.socket.terminate(), limits.floodCloseGraceMs).unref();
  };

  // Liveness (§5): ping sockets silent for activity_timeout; close 4201 when the ping goes unanswered.
  const sweep = setInterval(
    () => {
      const now = options.clock.now().getTime();
      for (const connection of connections.values()) {
        if (connection.pingSentAt !== undefined) {
          if (now - connection.pingSentAt >= pongTimeout * 1000) {
            sendError(connection, closeCodes.pongNotReceived, 'Pong reply not received in time');
            connection.socket.close(closeCodes.pongNotReceived, 'Pong reply not received in time');
          }
        } else if (now - connection.lastSeenAt >= activityTimeout * 1000) {
          connection.pingSentAt = now;
          send(connection, { event: 'pusher:ping', data: {} });
        }
      }
    },
    Math.max(250, Math.min(activityTimeout, pongTimeout) * 500),
  );
  sweep.unref();

  return {
    accept(socket, handshake) {
      if (handshake.origin !== undefined && !allowedOrigins.has(handshake.origin)) {
        log.warn(
          { event: 'realtime.origin_refused', origin: handshake.origin },
          'realtime: origin not allowed',
        );
        refuse(socket, closeCodes.unauthorized, 'Origin not allowed');
        return;
      }
      if (!constantTimeEqual(credentials.key, handshake.key)) {
        refuse(socket, closeCodes.applicationDoesNotExist, 'Application does not exist');
        return;
      }
      if (handshake.protocol === undefined) {
        refuse(socket, closeCodes.noProtocol, 'No protocol version supplied');
        return;
      }
      if (!/^[5-7]$/.test(handshake.protocol)) {
        refuse(socket, closeCodes.unsupportedProtocol, 'Unsupported protocol version');
        return;
      }
      const address =
        handshake.address !== undefined && (limits.countLoopback || !isLoopback(handshake.address))
          ? handshake.address
          : undefined;
      if (address !== undefined) {
        const open = perAddress.get(address) ?? 0;
        if (open >= limits.connectionsPerAddress) {
          log.warn(
            {
              event: 'realtime.address_over_capacity',
              address,
              limit: limits.connectionsPerAddress,
            },
            'realtime: refused a socket over the per-address limit',
          );
          refuse(socket, closeCodes.overCapacity, 'Over capacity');
          return;
        }
        perAddress.set(address, open + 1);
      }
      const now = options.clock.now().getTime();
      const connection: Connection = {
        id: newSocketId(),
        socket,
        channels: new Map(),
        userId: undefined,
        address,
        lastSeenAt: now,
        pingSentAt: undefined,
        frames: fullFrameBudget(limits, now),
        clientEvents: { windowStart: 0, count: 0 },
        closing: false,
        dropped: false,
      };
      connections.set(connection.id, connection);
      socket.on('message', (raw, isBinary) => onMessage(connection, raw, isBinary));
      socket.on('pong', () => {
        connection.lastSeenAt = options.clock.now().getTime();
        connection.pingSentAt = undefined;
      });
      socket.on('close', () => drop(connection));
      socket.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'));
      send(connection, {
        event: 'pusher:connection_established',
        data: { socket_id: connection.id, activity_timeout: activityTimeout },
      });
    },

    publish(targets, event, data, exceptSocketId) {
      const frameData = typeof data === 'string' ? data : JSON.stringify(data);
      for (const channel of targets) {
        const subscribers = channels.get(channel);
        if (!subscribers) continue;
        // Encoded once per channel, not once per subscriber: a fan-out to thousands of sockets.
        const frame = encodeFrame({ event, channel, data: frameData });
        for (const connection of subscribers) {
          if (connection.id !== exceptSocketId && connection.socket.readyState === OPEN) {
            connection.socket.send(frame);
          }
        }
      }
    },

    hasSocket: (socketId) => connections.has(socketId),

    recordSession(socketId, sessionId, token) {
      if (!SOCKET_ID.test(socketId)) return;
      const connection = connections.get(socketId);
      if (connection && !connection.closing) bindings.signed(connection, token, sessionId);
    },

    sessionIds: () => bindings.sessionIds(),

    closeSocketsOfSession(sessionId) {
      const bound = bindings.connectionsOf(sessionId);
      for (const connection of bound) {
        end(connection, closeCodes.unauthorized, 'The session has ended');
      }
      return bound.length;
    },

    connectionCount: () => connections.size,

    close() {
      clearInterval(sweep);
      for (const connection of [...connections.values()]) {
        connection.socket.close(closeCodes.reconnect, 'Server shutting down');
        drop(connection);
      }
    },
  };
}

function rawToString(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}
