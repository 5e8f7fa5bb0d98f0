import type { FastifyPluginAsync } from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { defineJob, type Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { SOURCE_COUNTRIES } from '../countries/index.ts';
import { PAYOUT_CORRIDORS } from '../payouts/index.ts';
import { ECB_DAILY_URL } from './ecb-feed.ts';
import { createEcbProvider, httpFetchText, type FetchText } from './ecb-provider.ts';
import type { CurrencyPair, FxRateProvider } from './fx-rate-provider.ts';
import { createFxRepository, type FxRepository } from './fx.repository.ts';
import { fxRoutes } from './fx.routes.ts';
import { createFxService, type FxService } from './fx.service.ts';
import { createSandboxProvider } from './sandbox-provider.ts';

/** Every pair Corridor quotes: each source currency to each target currency. */
export const FX_PAIRS: readonly CurrencyPair[] = SOURCE_COUNTRIES.flatMap((source) =>
  PAYOUT_CORRIDORS.map((target) => ({ base: source.currency, quote: target.currency })),
);

/** The recurring refresh (decision 13: pg-boss on the injected clock). */
export const refreshFxRatesJob = defineJob('fx.refresh');

export interface FxModuleDeps {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  log: FastifyBaseLogger;
  config: Pick<Config, 'fx'>;
  /** Tests: a provider of their own instead of the configured one. */
  provider?: FxRateProvider;
  /** Tests: the ECB file from a recording instead of the network. */
  fetchEcb?: FetchText;
}

export interface FxModule {
  service: FxService;
  /** GET /client/v1/rates/history. */
  routes: FastifyPluginAsync;
  /** The refresh job, every FX_REFRESH_SECONDS. */
  jobs(jobs: Pick<Jobs, 'register'>): void;
}

function configuredProvider(deps: FxModuleDeps, repository: FxRepository): FxRateProvider {
  if (deps.provider) return deps.provider;
  if (deps.config.fx.provider === 'ecb') {
    return createEcbProvider({
      pairs: FX_PAIRS,
      fetchText: deps.fetchEcb ?? httpFetchText(ECB_DAILY_URL),
    });
  }
  return createSandboxProvider({
    pairs: FX_PAIRS,
    clock: deps.clock,
    random: deps.random,
    previous: (pairs) => repository.latestOfPairs('sandbox', pairs),
  });
}

/** Mid-market exchange rates (docs/decisions/0021): providers, refresh, history, freshness. */
export function createFxModule(deps: FxModuleDeps): FxModule {
  const repository = createFxRepository(deps.db);
  const service = createFxService({
    repository,
    provider: configuredProvider(deps, repository),
    pairs: FX_PAIRS,
    uow: deps.uow,
    clock: deps.clock,
    log: deps.log.child({ module: 'fx' }),
    maxAgeSeconds: deps.config.fx.maxAgeSeconds,
  });
  return {
    service,
    routes: async (app) => app.register(fxRoutes, { service }),
    jobs(jobs) {
      jobs.register(
        refreshFxRatesJob,
        async () => {
          await service.refresh();
        },
        {
          // One refresh at a time across processes; a failed one is retried with backoff, and
          // the next one comes on time either way. Nothing is ever deleted.
          policy: 'stately',
          retryLimit: 3,
          retryDelaySeconds: 10,
          expireInSeconds: 120,
          // eslint-disable-next-line money/no-float-arithmetic -- a duration, not money
          every: { ms: deps.config.fx.refreshSeconds * 1000 },
        },
      );
    },
  };
}

export type { FxService, LatestRate } from './fx.service.ts';
export { FxRateUnavailableError } from './fx-errors.ts';
export type { CurrencyPair, FetchedRate, FxRateProvider } from './fx-rate-provider.ts';
export { seededRandom } from './seeded-random.ts';
