import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.ts';
import type { Clock } from './clock.ts';

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

/** Fixed-window counters: `hit` counts one attempt, `reset` forgets a key (after a success). */
export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

/** One process's counters (the embedded default, DESIGN §2.1). */
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
    message: message ?? `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}

/**
 * Counters shared by every API process (REDIS_URL): INCR, an expiry set only by the first
 * hit of a window (PEXPIRE NX, Redis 7), and the remaining time for Retry-After.
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'corridor:rl:'): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      const results = await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .pttl(prefix + key)
        .exec();
      if (!results) throw new Error('rate limiter transaction was aborted');
      const [[incrError, count], , [ttlError, ttl]] = results as [
        [Error | null, number],
        unknown,
        [Error | null, number],
      ];
      if (incrError || ttlError) throw incrError ?? ttlError;
      return {
        allowed: count <= limit,
        retryAfterSeconds: Math.max(1, Math.ceil((ttl > 0 ? ttl : windowMs) / 1000)),
      };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
