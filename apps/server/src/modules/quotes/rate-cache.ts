import type { Clock } from '../../lib/clock.ts';
import type { FxService, LatestRate } from '../fx/index.ts';

/** How long a pair's latest rate is reused in this process, at most (see below). */
export const RATE_CACHE_TTL_MS = 5000;

interface Entry {
  rate: Promise<LatestRate>;
  /** Clock time (ms) until which `rate` may be served. */
  until: number;
}

/**
 * The latest mid-market rate of a pair, read through a short in-process cache: the calculator
 * asks for it on every keystroke, and a rate changes only when the refresh job writes one (every
 * FX_REFRESH_SECONDS, 60 s at the least). A time-to-live, not an eviction when the job writes:
 * the job runs in whichever process works jobs (maybe a worker), so this process could not be
 * told without a bus, and a rate is an append-only fact, never wrong, only superseded. So a new
 * rate shows here within RATE_CACHE_TTL_MS (5 s, less than any refresh interval) of its write,
 * at the cost of one indexed read per pair and process every 5 s.
 *
 * Freshness stays exact: an entry is never served past the moment its rate turns older than
 * FX_MAX_AGE_SECONDS, so the next read asks the fx service, which answers 503 then. Failures
 * (no rate, a stale one) are not kept: the next request asks again. Concurrent misses of a pair
 * share one read.
 */
export function createRateCache(deps: {
  fx: Pick<FxService, 'latestRate'>;
  clock: Clock;
  maxAgeSeconds: number;
  ttlMs?: number;
}) {
  const ttlMs = deps.ttlMs ?? RATE_CACHE_TTL_MS;
  // eslint-disable-next-line money/no-float-arithmetic -- not money: a duration
  const maxAgeMs = deps.maxAgeSeconds * 1000;
  const entries = new Map<string, Entry>();

  return {
    /** As FxService.latestRate: the rate, or FxRateUnavailableError (503). */
    latest(base: string, quote: string): Promise<LatestRate> {
      const key = `${base}/${quote}`;
      const now = deps.clock.now().getTime();
      const cached = entries.get(key);
      if (cached && now < cached.until) return cached.rate;
      const entry: Entry = { rate: deps.fx.latestRate(base, quote), until: now + ttlMs };
      entries.set(key, entry);
      entry.rate.then(
        (rate) => {
          // Never past the last moment the rate may be quoted (the fx service's rule: age ≤ max).
          const lastFresh = rate.as_of.getTime() + maxAgeMs + 1;
          if (lastFresh < entry.until) entry.until = lastFresh;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.rate;
    },
  };
}

export type RateCache = ReturnType<typeof createRateCache>;
