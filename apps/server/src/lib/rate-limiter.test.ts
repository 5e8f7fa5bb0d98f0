import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testEnvironment } from '../test/test-config.ts';
import type { Clock } from './clock.ts';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './rate-limiter.ts';

const redisUrl = testEnvironment.redisUrl;
const redis = redisUrl
  ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 })
  : undefined;
afterAll(async () => {
  await redis?.quit();
});

let now = Date.parse('2026-11-22T10:00:00Z');
const clock: Clock = { now: () => new Date(now) };

const stores: [string, () => RateLimiter][] = [['memory', () => createMemoryRateLimiter(clock)]];
// With REDIS_URL (CI) the shared store is held to the same contract.
if (redis)
  stores.push([
    'redis',
    () => createRedisRateLimiter(redis, clock, `test:${crypto.randomUUID()}:`),
  ]);

describe.each(stores)('%s rate limiter', (_name, create) => {
  it('allows the limit, refuses the next with the time left, and forgets on reset', async () => {
    const limiter = create();
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await limiter.hit('k', 3, 60_000));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.retryAfterSeconds).toBeGreaterThan(55);
    expect(results[3]?.retryAfterSeconds).toBeLessThanOrEqual(60);
    await limiter.reset('k');
    expect((await limiter.hit('k', 3, 60_000)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const limiter = create();
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('b', 1, 60_000)).allowed).toBe(true);
    expect((await limiter.hit('a', 1, 60_000)).allowed).toBe(false);
  });

  it('opens a new window once the old one has passed on the injected clock', async () => {
    const limiter = create();
    expect((await limiter.hit('w', 1, 1_000)).allowed).toBe(true);
    expect((await limiter.hit('w', 1, 1_000)).allowed).toBe(false);
    now += 1_001;
    expect((await limiter.hit('w', 1, 1_000)).allowed).toBe(true);
  });

  it('peeks at a window without counting, and sees nothing once it has passed', async () => {
    const limiter = create();
    expect(await limiter.peek('p')).toEqual({ count: 0, retryAfterSeconds: 0 });
    await limiter.hit('p', 5, 10_000);
    await limiter.hit('p', 5, 10_000);
    const seen = await limiter.peek('p');
    expect(seen.count).toBe(2);
    expect(seen.retryAfterSeconds).toBeGreaterThan(0);
    expect(seen.retryAfterSeconds).toBeLessThanOrEqual(10);
    expect((await limiter.peek('p')).count).toBe(2);
    now += 10_001;
    expect(await limiter.peek('p')).toEqual({ count: 0, retryAfterSeconds: 0 });
  });
});

describe('redis rate limiter without Redis', () => {
  it('refuses with 503 and Retry-After instead of letting the attempt through', async () => {
    // Nothing listens on port 1.
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0 });
    down.on('error', () => undefined);
    try {
      const limiter = createRedisRateLimiter(down, clock, 'test:down:');
      await expect(limiter.hit('k', 3, 60_000)).rejects.toMatchObject({
        code: 'service_unavailable',
        status: 503,
        headers: { 'Retry-After': '5' },
      });
    } finally {
      down.disconnect();
    }
  });
});
