import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { FxService } from '../fx/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import { createQuoteDirectory } from './quote-directory.ts';
import type { SentTotalsPort } from './quote-figures.ts';
import { createQuotesRepository } from './quotes.repository.ts';
import { quotesRoutes } from './quotes.routes.ts';
import { createQuotesService, type QuoteRecipients, type QuotesService } from './quotes.service.ts';
import { createRateCache } from './rate-cache.ts';

export interface QuotesModule {
  service: QuotesService;
  /**
   * GET|POST /client/v1/quote, GET /quote/{id}, POST /quote/recipient/{id} and
   * POST /recipient/send-money/{id}.
   */
  routes: FastifyPluginAsync;
}

/**
 * Quotes (issue 15, docs/product/sending-money.md#quotes): the calculator priced live from the customer, the reference
 * data, the latest rate and the pricing rules, and saved quotes with their rate locked.
 */
export function createQuotesModule(deps: {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  config: Pick<Config, 'fx'>;
  countries: CountriesService;
  customers: CustomerService;
  payouts: PayoutsService;
  fx: FxService;
  recipients: QuoteRecipients;
  /** What the customer already sent in each rolling window (the transfers module's port). */
  sends: SentTotalsPort;
}): QuotesModule {
  const service = createQuotesService({
    db: deps.db,
    uow: deps.uow,
    clock: deps.clock,
    random: deps.random,
    limiter: deps.limiter,
    customers: deps.customers,
    payouts: deps.payouts,
    fx: deps.fx,
    recipients: deps.recipients,
    sends: deps.sends,
    repository: createQuotesRepository(deps.db),
    directory: createQuoteDirectory({ countries: deps.countries, payouts: deps.payouts }),
    rates: createRateCache({
      fx: deps.fx,
      clock: deps.clock,
      maxAgeSeconds: deps.config.fx.maxAgeSeconds,
    }),
  });
  return {
    service,
    routes: async (app) => app.register(quotesRoutes, { service }),
  };
}

/**
 * The recipients module's quote port (`POST /recipients/add?quote_id`): choosing a new recipient
 * as a saved quote's, inside the add's transaction. The composition root wires it in.
 */
export { attachRecipientToQuote, type QuoteAttachmentOutcome } from './quote-attachment.ts';
export type { QuoteRecipients, QuotesService } from './quotes.service.ts';
export { paymentMethods } from './payment-methods.ts';
export { formatExchangeRate } from './exchange-rate-format.ts';
export type { QuoteTransferParts } from './quote-transfer-parts.ts';
export type { StoredQuote } from './quotes.repository.ts';
export type { QuoteFigures } from './quote-figures.ts';
export { verificationLevelOf } from './quote-figures.ts';
export type { SentTotalsPort } from './quote-figures.ts';
