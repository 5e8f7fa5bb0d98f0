import { apiText } from '../i18n/index.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { tooManyAttempts } from './rate-limiter.ts';

/** At most `limit` failures per `windowMs` under `key` (an account, an address, an IP…). */
export interface FailureLimit {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Limits that count failures only (wrong passwords, wrong codes): a success costs nothing, and
 * once any limit is full every attempt under it waits for its window, right or wrong. One
 * mechanism for every secret a customer types (checklist C11, issue 11 defects 1, 6 and 13).
 */
export function createFailureLimits(limiter: RateLimiter) {
  return {
    /** Throws 429 with the longest Retry-After among the full limits; passes when none is full. */
    async assertOpen(limits: readonly FailureLimit[], message?: (seconds: number) => string) {
      let wait = 0;
      for (const limit of limits) {
        const { count, retryAfterSeconds } = await limiter.peek(limit.key);
        if (count >= limit.limit) wait = Math.max(wait, retryAfterSeconds);
      }
      if (wait > 0) throw tooManyAttempts(wait, message?.(wait));
    },

    /** Counts one failure under every limit; returns the limits this failure has just filled. */
    async recordFailure(limits: readonly FailureLimit[]): Promise<FailureLimit[]> {
      const filled: FailureLimit[] = [];
      for (const limit of limits) {
        const { count } = await limiter.hit(limit.key, limit.limit, limit.windowMs);
        if (count === limit.limit) filled.push(limit);
      }
      return filled;
    },
  };
}

export type FailureLimits = ReturnType<typeof createFailureLimits>;

/** "in 42 seconds", "in 15 minutes", "in 2 hours": for messages that say how long to wait. */
export function waitPhrase(seconds: number): string {
  if (seconds < 90) {
    return apiText(seconds === 1 ? 'http.wait.second' : 'http.wait.seconds', { count: seconds });
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return apiText('http.wait.minutes', { count: minutes });
  return apiText('http.wait.hours', { count: Math.ceil(minutes / 60) });
}
