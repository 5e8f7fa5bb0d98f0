import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import type { AccountNameLookup } from './name-lookup.ts';
import type { QuotePort } from './quote-port.ts';
import { createRecipientDirectory } from './recipient-directory.ts';
import { createRecipientsRepository } from './recipients.repository.ts';
import { recipientsRoutes } from './recipients.routes.ts';
import { createRecipientsService } from './recipients.service.ts';
import type { RecipientsService } from './recipients-service-types.ts';

export interface RecipientsModule {
  service: RecipientsService;
  /**
   * GET /client/v1/payout/channel, /resources/sub-delivery-options/{id},
   * /recipient/name-lookup/{channelId}, /recipients, /recipients/whisper, /recipient/{id};
   * POST /recipients/add, /recipient/edit/{id}; DELETE /recipient/{id}.
   */
  routes: FastifyPluginAsync;
}

/**
 * Recipients (issue 15): the people a customer pays, each the filled-in form of a payout channel
 * (decision 22), checked with real formats and, where the channel has one, the account-name
 * lookup. `quotes` attaches a new recipient to a saved quote (`?quote_id`).
 */
export function createRecipientsModule(deps: {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  random: RandomSource;
  limiter: RateLimiter;
  payouts: PayoutsService;
  countries: CountriesService;
  quotes: QuotePort;
  /** The account-name provider NAME_LOOKUP_PROVIDER names (app/providers.ts). */
  nameLookup: AccountNameLookup;
}): RecipientsModule {
  const service = createRecipientsService({
    db: deps.db,
    uow: deps.uow,
    clock: deps.clock,
    random: deps.random,
    repository: createRecipientsRepository(),
    directory: createRecipientDirectory({ payouts: deps.payouts, countries: deps.countries }),
    nameLookup: deps.nameLookup,
    limiter: deps.limiter,
    quotes: deps.quotes,
  });
  return {
    service,
    routes: async (app) => app.register(recipientsRoutes, { service }),
  };
}

export type { QuoteAttachment, QuotePort } from './quote-port.ts';
export { createSandboxNameLookup, type AccountNameLookup } from './name-lookup.ts';
export type {
  RecipientCorridor,
  RecipientPage,
  RecipientPayoutDetails,
  RecipientsService,
  RecipientWrite,
} from './recipients-service-types.ts';
