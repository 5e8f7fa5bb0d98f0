import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { logRedisErrors } from './redis.ts';

/**
 * A publish/subscribe channel shared by every process, like the realtime fan-out's
 * (modules/realtime/hub-network.ts), that also tells how many processes received each message
 * and whether this one is listening right now: cache evictions (cache-network.ts) need both.
 */
export interface EvictionBus {
  /** Sends `message` to every listening process, this one too; resolves with how many got it. */
  publish(message: string): Promise<number>;
  /**
   * Starts listening: `onMessage` for every message; `onListening(true)` once the subscription
   * is confirmed, `onListening(false)` as soon as it is lost (it comes back by itself).
   */
  listen(onMessage: (message: string) => void, onListening: (listening: boolean) => void): void;
  close(): Promise<void>;
}

/**
 * Redis pub/sub. `commands` is the process's ordinary connection (it publishes); a subscribed
 * connection can do nothing else, so the listener is a duplicate of it, which waits for Redis
 * however long it takes. It subscribes again after every reconnection itself, so it knows when
 * the subscription is back (ioredis's own re-subscription says nothing).
 */
export function createRedisEvictionBus(
  commands: Redis,
  channel: string,
  log: FastifyBaseLogger,
): EvictionBus {
  const subscriber = commands.duplicate({ maxRetriesPerRequest: null, autoResubscribe: false });
  logRedisErrors(subscriber, log, 'cache evictions: redis subscriber');
  return {
    publish: (message) => commands.publish(channel, message),
    listen(onMessage, onListening) {
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) onMessage(message);
      });
      const subscribe = () => {
        subscriber.subscribe(channel).then(
          () => onListening(true),
          // The connection dropped meanwhile: its next 'ready' subscribes again.
          () => undefined,
        );
      };
      subscriber.on('ready', subscribe);
      subscriber.on('close', () => onListening(false));
      if (subscriber.status === 'ready') subscribe();
    },
    async close() {
      // quit() would wait for a Redis that may never come back; nothing is left to flush.
      subscriber.disconnect();
    },
  };
}

/** In-process: what Redis pub/sub does, for several apps inside one test process. */
export function createMemoryEvictionBus(): { connect(): EvictionBus } {
  const listeners = new Set<(message: string) => void>();
  return {
    connect() {
      let own: ((message: string) => void) | undefined;
      return {
        async publish(message) {
          const receivers = [...listeners];
          // Asynchronous like Redis: delivered after the publisher returns.
          for (const receive of receivers) queueMicrotask(() => receive(message));
          return receivers.length;
        },
        listen(onMessage, onListening) {
          own = onMessage;
          listeners.add(onMessage);
          onListening(true);
        },
        async close() {
          if (own) listeners.delete(own);
        },
      };
    },
  };
}
