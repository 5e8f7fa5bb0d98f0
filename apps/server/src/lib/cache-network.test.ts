/**
 * The rules the session and customer caches rest on (decision 16), without HTTP: what may be
 * stored, for how long, and when an eviction is done in every process.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.ts';
import { createCacheNetwork, type CacheNetworkOptions } from './cache-network.ts';
import { createMemoryEvictionBus, type EvictionBus } from './eviction-bus.ts';
import { cryptoRandom } from './random.ts';

const log = pino({ level: 'silent' });

/** Time that moves only when told, so boundaries can be checked to the millisecond. */
class TestClock implements Clock {
  private at = Date.UTC(2026, 0, 1);
  now = () => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

function network(clock: TestClock, options: Partial<CacheNetworkOptions> = {}) {
  return createCacheNetwork({
    mode: 'local',
    clock,
    random: cryptoRandom,
    log,
    ttlMs: 2000,
    ...options,
  });
}

describe('a cache of one process', () => {
  it('serves an entry for the TTL from the moment its read started, on the injected clock', () => {
    const clock = new TestClock();
    const cache = network(clock).cache<string>('things');
    const ticket = cache.ticket();
    clock.advance(1500); // the read took its time
    cache.put('a', 'A', ticket);
    expect(cache.get('a')).toBe('A');
    clock.advance(499);
    expect(cache.get('a')).toBe('A');
    clock.advance(1);
    expect(cache.get('a')).toBeUndefined();
  });

  it('does not store a read that an eviction overtook (it may hold the old value)', async () => {
    const clock = new TestClock();
    const caches = network(clock);
    const cache = caches.cache<string>('things');
    const ticket = cache.ticket();
    await caches.evict('things', ['a']);
    cache.put('a', 'old', ticket);
    expect(cache.get('a')).toBeUndefined();
    cache.put('a', 'new', cache.ticket());
    expect(cache.get('a')).toBe('new');
  });

  it('evicts by the eviction key when one is given (sessions: by id, cached by secret hash)', async () => {
    const clock = new TestClock();
    const caches = network(clock);
    const cache = caches.cache<{ id: string }>('sessions', { evictionKey: (s) => s.id });
    cache.put('hash-1', { id: 's1' }, cache.ticket());
    cache.put('hash-2', { id: 's2' }, cache.ticket());
    await caches.evict('sessions', ['s1']);
    expect(cache.get('hash-1')).toBeUndefined();
    expect(cache.get('hash-2')).toEqual({ id: 's2' });
  });

  it('serves nothing when other processes could change the data unheard (mode off)', async () => {
    const cache = network(new TestClock(), { mode: 'off' }).cache<string>('things');
    cache.put('a', 'A', cache.ticket());
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('caches of several processes, through a bus', () => {
  it('an eviction has emptied every process when it resolves', async () => {
    const clock = new TestClock();
    const bus = createMemoryEvictionBus();
    const [a, b, c] = [1, 2, 3].map(() => network(clock, { mode: 'shared', bus: bus.connect() }));
    const caches = [a, b, c].map((each) => each?.cache<string>('things'));
    for (const cache of caches) cache?.put('k', 'v', cache.ticket());
    await a?.evict('things', ['k']);
    for (const cache of caches) expect(cache?.get('k')).toBeUndefined();
  });

  it('publishes the evictions of one cache asked in the same turn as one message', async () => {
    const clock = new TestClock();
    const bus = createMemoryEvictionBus();
    const published: string[] = [];
    const own = bus.connect();
    const counting: EvictionBus = {
      ...own,
      publish: (message) => {
        published.push(message);
        return own.publish(message);
      },
    };
    const a = network(clock, { mode: 'shared', bus: counting });
    const b = network(clock, { mode: 'shared', bus: bus.connect() });
    const caches = [a, b].map((each) => each.cache<string>('things'));
    const others = [a, b].map((each) => each.cache<string>('others'));
    for (const cache of [...caches, ...others]) {
      for (const key of ['k1', 'k2', 'k3']) cache.put(key, 'v', cache.ticket());
    }
    // As a batch's commit runs its effects: side by side, in one turn.
    await Promise.all([
      a.evict('things', ['k1']),
      a.evict('things', ['k2', 'k1']),
      a.evict('others', ['k3']),
    ]);
    for (const cache of caches) {
      expect([cache.get('k1'), cache.get('k2'), cache.get('k3')]).toEqual([
        undefined,
        undefined,
        'v',
      ]);
    }
    for (const cache of others) expect(cache.get('k3')).toBeUndefined();
    const evictions = published
      .map((message) => JSON.parse(message) as { type: string; cache?: string; keys?: string[] })
      .filter((message) => message.type === 'evict');
    expect(evictions.map(({ cache, keys }) => [cache, keys])).toEqual([
      ['things', ['k1', 'k2']],
      ['others', ['k3']],
    ]);
    // A later turn's eviction is a message of its own.
    await a.evict('things', ['k3']);
    expect(published.filter((message) => message.includes('"evict"'))).toHaveLength(3);
  });

  it('waits out the TTL when a process does not confirm, so its entry has expired', async () => {
    const clock = new TestClock();
    const silent: EvictionBus = {
      // Two processes received it; the other one never answers.
      publish: async () => 2,
      listen: (_onMessage, onListening) => onListening(true),
      close: async () => {},
    };
    const lone = network(clock, { mode: 'shared', bus: silent, ttlMs: 200 });
    const started = performance.now();
    await lone.evict('things', ['k']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(195);
  });

  it('serves nothing while not listening, and nothing read before listening again', () => {
    const clock = new TestClock();
    let setListening: (listening: boolean) => void = () => {};
    const bus: EvictionBus = {
      publish: async () => 0,
      listen: (_onMessage, onListening) => (setListening = onListening),
      close: async () => {},
    };
    const cache = network(clock, { mode: 'shared', bus }).cache<string>('things');
    cache.put('a', 'A', cache.ticket());
    expect(cache.get('a')).toBeUndefined();
    setListening(true);
    const before = cache.ticket();
    cache.put('b', 'B', cache.ticket());
    expect(cache.get('b')).toBe('B');
    setListening(false);
    expect(cache.get('b')).toBeUndefined();
    setListening(true);
    cache.put('c', 'C', before);
    expect(cache.get('c')).toBeUndefined();
  });
});
