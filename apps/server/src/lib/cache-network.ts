import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Clock } from './clock.ts';
import type { EvictionBus } from './eviction-bus.ts';
import type { RandomSource } from './random.ts';
import { createReadCache, type CacheState, type ReadCache } from './read-cache.ts';
import { turnBatch } from './turn-batch.ts';

/**
 * Short-lived in-process caches of hot reads (the session behind a cookie, the customer of a
 * profile) that every process empties of a changed value before the change is answered
 * (docs/decisions/0016-session-cache.md).
 */
export interface CacheNetwork {
  /** The cache `name` of this process; `evictionKey` names an entry's evictions (its key). */
  cache<V>(name: string, options?: { evictionKey?: (value: V) => string }): ReadCache<V>;
  /**
   * Evicts `keys` from the cache `name` here and in every other process, and resolves once each
   * of them has confirmed it, or once no entry read before the call can still be served (the
   * TTL has passed). A use case calls it after its commit and before it answers.
   */
  evict(name: string, keys: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

export interface CacheNetworkOptions {
  /**
   * How caches may serve: `local` when this is the only process that reads and writes the
   * database (the embedded one); `shared` through `bus` (Redis) with every process; `off`
   * when other processes may change the data and cannot tell this one (PostgreSQL alone).
   */
  mode: 'local' | 'shared' | 'off';
  bus?: EvictionBus;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  /** How long an entry may be served after its read started. */
  ttlMs: number;
}

/** The most keys one eviction message carries (a reader refuses more than 10,000). */
const MAX_KEYS_A_MESSAGE = 1_000;

/** What travels between processes. Read defensively: the bus is shared infrastructure. */
const messageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('evict'),
    id: z.uuid(),
    cache: z.string().min(1).max(100),
    keys: z.array(z.string().max(200)).max(10_000),
  }),
  z.object({ type: z.literal('evicted'), id: z.uuid() }),
]);
type Message = z.infer<typeof messageSchema>;

function readMessage(raw: string): Message | undefined {
  try {
    const parsed = messageSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

interface PendingEviction {
  confirmed: number;
  /** How many processes received the eviction (Redis's answer to PUBLISH), once known. */
  receivers: number;
  done(): void;
}

export function createCacheNetwork(options: CacheNetworkOptions): CacheNetwork {
  const { mode, bus, clock, log, ttlMs } = options;
  if (mode === 'shared' && !bus) throw new Error('a shared cache network needs a bus');
  // Bumped by every eviction and every lost or regained subscription: a read that started before
  // one of those may be older than what was evicted, so it is not stored (read-cache.ts).
  const state: CacheState = { epoch: 0, serving: mode === 'local', ttlMs, clock };
  const caches = new Map<string, ReadCache<unknown>>();
  const pending = new Map<string, PendingEviction>();

  const evictHere = (name: string, keys: readonly string[]) => {
    state.epoch += 1;
    caches.get(name)?.evict(keys);
  };
  const setServing = (serving: boolean) => {
    state.epoch += 1;
    state.serving = serving;
    for (const cache of caches.values()) cache.clear();
  };
  const settle = (id: string) => {
    const eviction = pending.get(id);
    if (eviction && eviction.confirmed >= eviction.receivers) eviction.done();
  };

  if (mode === 'shared' && bus) {
    bus.listen(
      (raw) => {
        const message = readMessage(raw);
        if (!message) {
          log.warn({ event: 'cache.eviction_unreadable' }, 'cache: unreadable eviction message');
        } else if (message.type === 'evict') {
          evictHere(message.cache, message.keys);
          bus.publish(JSON.stringify({ type: 'evicted', id: message.id })).catch(() => {
            // Unconfirmed, the publisher waits out the TTL instead.
          });
        } else {
          const eviction = pending.get(message.id);
          if (eviction) eviction.confirmed += 1;
          settle(message.id);
        }
      },
      // Unheard evictions could leave stale entries: nothing is served while not listening.
      (listening) => setServing(listening),
    );
  }

  /** Publishes an eviction and waits for every receiver's confirmation, or the TTL. */
  async function evictEverywhere(name: string, keys: readonly string[]): Promise<void> {
    const id = options.random.uuid();
    let timer: NodeJS.Timeout | undefined;
    const confirmed = new Promise<boolean>((resolve) => {
      pending.set(id, { confirmed: 0, receivers: Infinity, done: () => resolve(true) });
      timer = setTimeout(() => resolve(false), ttlMs);
    });
    try {
      const receivers = await bus?.publish(
        JSON.stringify({ type: 'evict', id, cache: name, keys }),
      );
      const eviction = pending.get(id);
      if (eviction && receivers !== undefined) eviction.receivers = receivers;
      settle(id);
    } catch (error) {
      log.error({ err: error, event: 'cache.eviction_failed' }, 'cache: eviction not published');
    }
    if (!(await confirmed)) {
      log.warn(
        { event: 'cache.eviction_unconfirmed', cache: name },
        'cache: eviction not confirmed by every process; waited out the cache lifetime instead',
      );
    }
    clearTimeout(timer);
    pending.delete(id);
  }

  /**
   * The evictions of one cache asked in the same turn of the event loop, published as one
   * message (each caller resolved when it is confirmed): a batch of 50 transfers' changes evicts
   * 50 customers after its commit, one message and one confirmation a process instead of 50 of
   * each (docs/performance.md, seventeenth session). At most MAX_KEYS_A_MESSAGE keys a message.
   */
  const inTurn = new Map<string, (keys: readonly string[]) => Promise<undefined>>();
  const evictEverywhereInTurn = (name: string, keys: readonly string[]) => {
    let evict = inTurn.get(name);
    if (!evict) {
      evict = turnBatch<readonly string[], undefined>(async (asked) => {
        const all = [...new Set(asked.flat())];
        const messages: Promise<void>[] = [];
        for (let at = 0; at < all.length; at += MAX_KEYS_A_MESSAGE) {
          messages.push(evictEverywhere(name, all.slice(at, at + MAX_KEYS_A_MESSAGE)));
        }
        await Promise.all(messages);
        return asked.map(() => undefined);
      });
      inTurn.set(name, evict);
    }
    return evict(keys);
  };

  return {
    cache<V>(name: string, cacheOptions: { evictionKey?: (value: V) => string } = {}) {
      if (caches.has(name)) throw new Error(`cache ${name} exists already`);
      const cache = createReadCache<V>(state, cacheOptions.evictionKey);
      caches.set(name, cache as ReadCache<unknown>);
      return cache;
    },
    async evict(name, keys) {
      if (keys.length === 0 || mode === 'off') return;
      evictHere(name, keys);
      if (mode === 'shared') await evictEverywhereInTurn(name, keys);
    },
    async close() {
      setServing(false);
      await bus?.close();
    },
  };
}
