import type { RateHistoryPoint } from '@corridor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { parseRate } from '../../lib/money.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { FxRateUnavailableError } from './fx-errors.ts';
import type { CurrencyPair, FetchedRate, FxRateProvider } from './fx-rate-provider.ts';
import type { FxRepository, NewRate } from './fx.repository.ts';

const DAY_MS = 86_400_000;
/** A provider's clock may run five minutes ahead of ours; further ahead, the rate is refused. */
const FUTURE_TOLERANCE_MS = 300_000;
const WARM_UP_RETRY_MS = 30_000;

export interface FxServiceDeps {
  repository: FxRepository;
  provider: FxRateProvider;
  /** Every pair Corridor quotes: what a refresh keeps, and all it keeps. */
  pairs: readonly CurrencyPair[];
  uow: UnitOfWork;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** FX_MAX_AGE_SECONDS: an older rate is not quoted. */
  maxAgeSeconds: number;
}

/** The latest usable mid-market rate of a pair: 1 base = `rate` quote. */
export interface LatestRate {
  rate: string;
  as_of: Date;
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);
const startOfDay = (time: Date) => new Date(`${dayOf(time)}T00:00:00.000Z`);

/**
 * Mid-market rates (docs/decisions/0021): refreshing them from the configured provider into the
 * history, the latest usable rate of a pair, and a pair's daily history for the chart.
 */
export function createFxService(deps: FxServiceDeps) {
  const { repository, provider, uow, clock, log } = deps;
  // eslint-disable-next-line money/no-float-arithmetic -- a duration, not money
  const maxAgeMs = deps.maxAgeSeconds * 1000;
  const served = new Set(deps.pairs.map((pair) => `${pair.base}/${pair.quote}`));

  /** Keeps the rates that are what they claim; a provider's bad row is logged, not stored. */
  const usable = (rates: FetchedRate[], now: Date): FetchedRate[] =>
    rates.filter((rate) => {
      let problem: string | undefined;
      if (!served.has(`${rate.base}/${rate.quote}`)) {
        problem = 'not a pair Corridor quotes';
      } else if (!(rate.as_of instanceof Date) || Number.isNaN(rate.as_of.getTime())) {
        problem = 'no valid time';
      } else if (rate.as_of.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
        problem = 'dated in the future';
      } else {
        try {
          if (parseRate(rate.rate).isZero()) problem = 'zero';
        } catch {
          problem = 'not a positive decimal';
        }
      }
      if (problem) {
        log.warn(
          {
            event: 'fx.rate_refused',
            provider: provider.name,
            base: rate.base,
            quote: rate.quote,
            problem,
          },
          'exchange rate refused',
        );
      }
      return problem === undefined;
    });

  /** Asks the provider once and stores what it gave in one transaction; deletes nothing. */
  const refresh = async (): Promise<number> => {
    let fetched: FetchedRate[];
    try {
      fetched = await provider.fetchRates();
    } catch (error) {
      log.warn(
        { event: 'fx.refresh_failed', provider: provider.name, err: error },
        'exchange rate refresh failed',
      );
      throw error;
    }
    const now = clock.now();
    const rows: NewRate[] = usable(fetched, now).map((rate) => ({
      ...rate,
      provider: provider.name,
      fetched_at: now,
    }));
    const stored = await uow.run((tx) => repository.insert(tx, rows));
    log.info(
      { event: 'fx.refreshed', provider: provider.name, fetched: fetched.length, stored },
      'exchange rates refreshed',
    );
    return stored;
  };

  // The first read of this process waits for one refresh when no rate is fresh (a new
  // installation, a long stop), so `npm start` quotes at once while tests that never read a
  // rate never fetch one. After that, freshness is the refresh job's; a failed warm-up is
  // tried again by a read WARM_UP_RETRY_MS later at the soonest.
  let warmed = false;
  let warming: Promise<void> | undefined;
  let nextTryAt = 0;
  const warm = (): Promise<void> => {
    if (warmed || clock.now().getTime() < nextTryAt) return Promise.resolve();
    warming ??= (async () => {
      const since = new Date(clock.now().getTime() - maxAgeMs);
      if (!(await repository.hasRateSince(provider.name, since))) {
        try {
          await refresh();
        } catch {
          nextTryAt = clock.now().getTime() + WARM_UP_RETRY_MS; // logged by refresh
          return;
        }
      }
      warmed = true;
    })().finally(() => {
      warming = undefined;
    });
    return warming;
  };

  return {
    /** The configured provider's name ('sandbox' or 'ecb'). */
    providerName: provider.name,
    refresh,
    warm,

    /**
     * The latest rate of the pair, or FxRateUnavailableError (503) when there is none or it is
     * older than FX_MAX_AGE_SECONDS by the provider's time.
     */
    async latestRate(base: string, quote: string): Promise<LatestRate> {
      await warm();
      const latest = await repository.latest(provider.name, { base, quote });
      if (!latest) throw new FxRateUnavailableError(base, quote, 'missing', null);
      if (clock.now().getTime() - latest.as_of.getTime() > maxAgeMs) {
        throw new FxRateUnavailableError(base, quote, 'stale', latest.as_of);
      }
      return { rate: latest.rate, as_of: latest.as_of };
    },

    /**
     * One point per UTC day of the last `days` (today included) that has a rate: the last rate
     * of that day. Oldest first; days without a rate (weekends on the ECB) have no point.
     */
    async history(base: string, quote: string, days = 30): Promise<RateHistoryPoint[]> {
      await warm();
      // The end of each day, the oldest first: today's is tomorrow at 00:00.
      const dayEnds: Date[] = [];
      let end = startOfDay(clock.now()).getTime() + DAY_MS;
      while (dayEnds.length < days) {
        dayEnds.unshift(new Date(end));
        end -= DAY_MS;
      }
      const rows = await repository.lastBefore(provider.name, { base, quote }, dayEnds);
      return rows
        .filter((row) => row.as_of.getTime() >= row.day_end.getTime() - DAY_MS)
        .map((row) => ({ date: dayOf(row.as_of), rate: row.rate }));
    },
  };
}

export type FxService = ReturnType<typeof createFxService>;
