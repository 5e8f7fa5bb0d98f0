import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.ts';
import { apiText } from '../i18n/index.ts';
import type { Clock } from './clock.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** How far a key's current window has got, without counting anything. */
export interface RateLimitCount {
  count: number;
  /** Seconds until the window resets (0 when no window is open). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters: `hit` counts one attempt, `peek` reads the count without adding to it
 * (for limits that count failures only), `reset` forgets a key (after a success).
 */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  peek(key: string): Promise<RateLimitCount>;
  reset(key: string): Promise<void>;
}

/** One process's counters (the embedded default, docs/architecture.md#one-process-or-many). */
export function createMemoryRateLimiter(clock: Clock): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let hitsSinceSweep = 0;
  return {
    async hit(key, limit, windowMs) {
      const now = clock.now().getTime();
      // Expired windows are swept now and then, so the map stays bounded.
      if (++hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return {
        allowed: window.count <= limit,
        count: window.count,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    },
    async peek(key) {
      const now = clock.now().getTime();
      const window = windows.get(key);
      if (!window || window.resetAt <= now) return { count: 0, retryAfterSeconds: 0 };
      return {
        count: window.count,
        retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
      };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
}

export function tooManyAttempts(retryAfterSeconds: number, message?: string): AppError {
  return new AppError('too_many_requests', {
    message: message ?? apiText('http.tryAgainInSeconds', { seconds: retryAfterSeconds }),
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

// One window per key, opened by its first hit, on the injected clock (as in memory): returns
// the count so far and the milliseconds left. The real-time expiry only cleans up.
const HIT_SCRIPT = `
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
if (not start) or now >= start + window then
  redis.call('HSET', KEYS[1], 'start', now, 'count', 1, 'window', window)
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, window}
end
return {redis.call('HINCRBY', KEYS[1], 'count', 1), start + window - now}
`;

// The count of the window still open at ARGV[1], and the milliseconds left; {0, 0} when none is.
const PEEK_SCRIPT = `
local start = tonumber(redis.call('HGET', KEYS[1], 'start'))
local window = tonumber(redis.call('HGET', KEYS[1], 'window'))
local now = tonumber(ARGV[1])
if (not start) or (not window) or now >= start + window then
  return {0, 0}
end
return {tonumber(redis.call('HGET', KEYS[1], 'count')), start + window - now}
`;

/**
 * Without its counters a limit cannot be enforced, and failing open would let anyone who can
 * upset Redis guess passwords freely: the request is refused with 503 and a short Retry-After.
 */
async function orUnavailable<T>(command: Promise<T>): Promise<T> {
  try {
    return await command;
  } catch (error) {
    throw new AppError('service_unavailable', { headers: { 'Retry-After': '5' }, cause: error });
  }
}

/** Counters shared by every API process (REDIS_URL), with the same windows as in memory. */
export function createRedisRateLimiter(
  redis: Redis,
  clock: Clock,
  namespace = 'corridor:',
): RateLimiter {
  const redisKey = (key: string) => `${namespace}limit:${key}`;
  return {
    async hit(key, limit, windowMs) {
      const [count, leftMs] = (await orUnavailable(
        redis.eval(HIT_SCRIPT, 1, redisKey(key), clock.now().getTime(), windowMs),
      )) as [number, number];
      return {
        allowed: count <= limit,
        count,
        retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)),
      };
    },
    async peek(key) {
      const [count, leftMs] = (await orUnavailable(
        redis.eval(PEEK_SCRIPT, 1, redisKey(key), clock.now().getTime()),
      )) as [number, number];
      return { count, retryAfterSeconds: count === 0 ? 0 : Math.max(1, Math.ceil(leftMs / 1000)) };
    },
    async reset(key) {
      await orUnavailable(redis.del(redisKey(key)));
    },
  };
}
