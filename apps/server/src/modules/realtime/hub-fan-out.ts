import { isOpen, type Connection } from './hub-connection.ts';
import { encodeFrame } from './protocol.ts';

/**
 * The subscribers of each channel in this process, and delivery of an event to them. Other
 * processes are reached through hub-network.ts, which calls `publish` on the hub of each.
 */
export interface LocalFanOut {
  add(channel: string, connection: Connection): void;
  remove(channel: string, connection: Connection): void;
  subscribersOf(channel: string): Iterable<Connection>;
  /** Sends `event` to every subscriber of `channels`, except the socket `exceptSocketId`. */
  publish(channels: readonly string[], event: string, data: unknown, exceptSocketId?: string): void;
}

export function createLocalFanOut(): LocalFanOut {
  const channels = new Map<string, Set<Connection>>();
  return {
    add(channel, connection) {
      let subscribers = channels.get(channel);
      if (!subscribers) channels.set(channel, (subscribers = new Set()));
      subscribers.add(connection);
    },

    remove(channel, connection) {
      const subscribers = channels.get(channel);
      subscribers?.delete(connection);
      if (subscribers?.size === 0) channels.delete(channel);
    },

    subscribersOf: (channel) => channels.get(channel) ?? [],

    publish(targets, event, data, exceptSocketId) {
      const frameData = typeof data === 'string' ? data : JSON.stringify(data);
      for (const channel of targets) {
        const subscribers = channels.get(channel);
        if (!subscribers) continue;
        // Encoded once per channel, not once per subscriber: a fan-out to thousands of sockets.
        const frame = encodeFrame({ event, channel, data: frameData });
        for (const connection of subscribers) {
          if (connection.id !== exceptSocketId && isOpen(connection)) {
            connection.socket.send(frame);
          }
        }
      }
    },
  };
}
