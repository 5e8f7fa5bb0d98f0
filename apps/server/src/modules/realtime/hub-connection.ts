import type { RawData, WebSocket } from 'ws';
import type { Handshake, HubOptions } from './hub.ts';
import type { Subscriptions } from './hub-subscriptions.ts';
import {
  fullFrameBudget,
  isLoopback,
  spendFrame,
  type FrameBudget,
  type HubLimits,
} from './limits.ts';
import {
  closeCodes,
  constantTimeEqual,
  decodeClientFrame,
  encodeFrame,
  type ServerFrame,
} from './protocol.ts';
import type { SessionBindings } from './session-bindings.ts';

export interface Connection {
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
  /** Client events relayed in the current one-second window (docs/product/realtime.md#client-events: at most 10 a second). */
  clientEvents: { windowStart: number; count: number };
  /** Closed by the hub: whatever it still sends is ignored. */
  closing: boolean;
  dropped: boolean;
}

/** WebSocket.OPEN (the `ws` constant, without importing the class at runtime). */
const OPEN = 1;

export function isOpen(connection: Connection): boolean {
  return connection.socket.readyState === OPEN;
}

export function send(connection: Connection, frame: ServerFrame): void {
  if (isOpen(connection)) connection.socket.send(encodeFrame(frame));
}

export function sendError(connection: Connection, code: number | null, message: string): void {
  send(connection, { event: 'pusher:error', data: { code, message } });
}

export interface ConnectionsOptions {
  hub: HubOptions;
  limits: HubLimits;
  bindings: SessionBindings<Connection>;
  /** Where a connection's frames go once liveness is accounted for, and its channels at the end. */
  subscriptions: Subscriptions;
}

export interface Connections {
  accept(socket: WebSocket, handshake: Handshake): void;
  get(socketId: string): Connection | undefined;
  count(): number;
  /** Tells the client why, closes, and forgets the connection at once. */
  end(connection: Connection, code: number, message: string): void;
  /** Closes every socket (the client may reconnect to another process) and stops the sweep. */
  close(): void;
}

/** Each socket's lifecycle: the handshake, liveness (docs/product/realtime.md#liveness), its frame budget, and its end. */
export function createConnections(options: ConnectionsOptions): Connections {
  const { hub, limits, bindings, subscriptions } = options;
  const { credentials, random, clock, log } = hub;
  const allowedOrigins = new Set(hub.allowedOrigins);
  const activityTimeout = hub.activityTimeoutSeconds ?? 120;
  const pongTimeout = hub.pongTimeoutSeconds ?? 30;
  const connections = new Map<string, Connection>();
  /** Open sockets per counted peer address. */
  const perAddress = new Map<string, number>();

  const newSocketId = () => {
    for (;;) {
      const bytes = random.bytes(8);
      const id = `${bytes.readUInt32BE(0)}.${bytes.readUInt32BE(4)}`;
      if (!connections.has(id)) return id;
    }
  };

  /** Refuses the socket, with the reason, when the handshake does not qualify. */
  const refusedHandshake = (socket: WebSocket, handshake: Handshake): boolean => {
    if (handshake.origin !== undefined && !allowedOrigins.has(handshake.origin)) {
      log.warn(
        { event: 'realtime.origin_refused', origin: handshake.origin },
        'realtime: origin not allowed',
      );
      refuse(socket, closeCodes.unauthorized, 'Origin not allowed');
    } else if (!constantTimeEqual(credentials.key, handshake.key)) {
      refuse(socket, closeCodes.applicationDoesNotExist, 'Application does not exist');
    } else if (handshake.protocol === undefined) {
      refuse(socket, closeCodes.noProtocol, 'No protocol version supplied');
    } else if (!/^[5-7]$/.test(handshake.protocol)) {
      refuse(socket, closeCodes.unsupportedProtocol, 'Unsupported protocol version');
    } else {
      return false;
    }
    return true;
  };

  /** Takes a place under the address (loopback is counted only when asked); false when full. */
  const counted = (address: string): boolean => {
    const open = perAddress.get(address) ?? 0;
    if (open >= limits.connectionsPerAddress) {
      log.warn(
        { event: 'realtime.address_over_capacity', address, limit: limits.connectionsPerAddress },
        'realtime: refused a socket over the per-address limit',
      );
      return false;
    }
    perAddress.set(address, open + 1);
    return true;
  };

  const uncount = (address: string) => {
    const open = (perAddress.get(address) ?? 1) - 1;
    if (open > 0) perAddress.set(address, open);
    else perAddress.delete(address);
  };

  const accept = (socket: WebSocket, handshake: Handshake) => {
    if (refusedHandshake(socket, handshake)) return;
    const address =
      handshake.address !== undefined && (limits.countLoopback || !isLoopback(handshake.address))
        ? handshake.address
        : undefined;
    if (address !== undefined && !counted(address)) {
      refuse(socket, closeCodes.overCapacity, 'Over capacity');
      return;
    }
    const now = clock.now().getTime();
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
    socket.on('message', (raw, isBinary) => receive(connection, raw, isBinary));
    socket.on('pong', () => {
      connection.lastSeenAt = clock.now().getTime();
      connection.pingSentAt = undefined;
    });
    socket.on('close', () => drop(connection));
    socket.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'));
    send(connection, {
      event: 'pusher:connection_established',
      data: { socket_id: connection.id, activity_timeout: activityTimeout },
    });
  };

  const receive = (connection: Connection, raw: RawData, isBinary: boolean) => {
    // Counted before anything is decoded: a flood costs a comparison per frame, then nothing.
    if (connection.closing) return;
    const now = clock.now().getTime();
    if (!spendFrame(connection.frames, limits, now)) {
      shed(connection);
      return;
    }
    connection.lastSeenAt = now;
    connection.pingSentAt = undefined;
    const frame = isBinary ? undefined : decodeClientFrame(rawToString(raw));
    if (!frame) {
      sendError(connection, 4200, 'Invalid message format');
    } else if (frame.event === 'pusher:ping') {
      send(connection, { event: 'pusher:pong', data: {} });
    } else if (frame.event !== 'pusher:pong') {
      subscriptions.receive(connection, frame);
    }
  };

  const drop = (connection: Connection) => {
    if (connection.dropped) return;
    connection.dropped = true;
    subscriptions.leaveAll(connection);
    connections.delete(connection.id);
    bindings.forget(connection);
    if (connection.address !== undefined) uncount(connection.address);
  };

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

  // Liveness (docs/product/realtime.md#liveness): ping sockets silent for activity_timeout; close 4201 when the ping goes unanswered.
  const sweep = setInterval(
    () => {
      const now = clock.now().getTime();
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
    accept,
    get: (socketId) => connections.get(socketId),
    count: () => connections.size,
    end,
    close() {
      clearInterval(sweep);
      for (const connection of [...connections.values()]) {
        connection.socket.close(closeCodes.reconnect, 'Server shutting down');
        drop(connection);
      }
    },
  };
}

/** Before the hub has a connection for the socket: the reason, then the close. */
function refuse(socket: WebSocket, code: number, message: string): void {
  socket.send(encodeFrame({ event: 'pusher:error', data: { code, message } }));
  socket.close(code, message);
}

function rawToString(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString('utf8');
  if (Array.isArray(raw)) return Buffer.concat(raw).toString('utf8');
  return Buffer.from(raw).toString('utf8');
}
