import type { Clock } from './clock.ts';

/** What the caches of one process share (cache-network.ts keeps it). */
export interface CacheState {
  /** Bumped by every eviction and whenever serving starts or stops. */
  epoch: number;
  /** Whether entries may be served: false while evictions could go unheard. */
  serving: boolean;
  ttlMs: number;
  clock: Clock;
}

/** Taken before a read whose result may be cached: when it started, and what was evicted so far. */
export interface CacheTicket {
  readonly epoch: number;
  readonly startedAt: number;
}

/**
 * An in-process cache of one kind of read. An entry is served for `ttlMs` from the moment its
 * read started, and is stored only if no eviction came while that read ran: a read that began
 * before a change committed may return the old value, and must not outlive the eviction.
 */
export interface ReadCache<V> {
  /** The entry under `key`, while it is fresh and the process serves from cache. */
  get(key: string): V | undefined;
  /** Call before reading what `put` will store. */
  ticket(): CacheTicket;
  /** Stores `value` (read since `ticket`) unless an eviction came in between. */
  put(key: string, value: V, ticket: CacheTicket): void;
  /** Drops the entries whose eviction key is one of `keys`. */
  evict(keys: readonly string[]): void;
  clear(): void;
}

/** Bounds memory: beyond this many entries the oldest go first. */
const MAX_ENTRIES = 100_000;

interface Entry<V> {
  value: V;
  filledAt: number;
}

export function createReadCache<V>(
  state: CacheState,
  evictionKey?: (value: V) => string,
): ReadCache<V> {
  // In insertion order, roughly the order reads started in (put deletes before it sets).
  const entries = new Map<string, Entry<V>>();
  const isFresh = (entry: Entry<V>, now: number) => now - entry.filledAt < state.ttlMs;
  const prune = (now: number) => {
    for (const [key, entry] of entries) {
      if (entries.size <= MAX_ENTRIES && isFresh(entry, now)) return;
      entries.delete(key);
    }
  };
  return {
    get(key) {
      if (!state.serving) return undefined;
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (isFresh(entry, state.clock.now().getTime())) return entry.value;
      entries.delete(key);
      return undefined;
    },
    ticket: () => ({ epoch: state.epoch, startedAt: state.clock.now().getTime() }),
    put(key, value, ticket) {
      if (!state.serving || ticket.epoch !== state.epoch) return;
      entries.delete(key);
      entries.set(key, { value, filledAt: ticket.startedAt });
      prune(state.clock.now().getTime());
    },
    evict(keys) {
      if (!evictionKey) {
        for (const key of keys) entries.delete(key);
        return;
      }
      const evicted = new Set(keys);
      for (const [key, entry] of entries) {
        if (evicted.has(evictionKey(entry.value))) entries.delete(key);
      }
    },
    clear: () => entries.clear(),
  };
}
