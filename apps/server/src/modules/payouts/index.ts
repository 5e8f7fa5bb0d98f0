import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { CountriesService } from '../countries/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { createCustomerResources } from './customer-resources.ts';
import { createPayoutsRepository } from './payouts.repository.ts';
import { payoutsRoutes } from './payouts.routes.ts';
import { createPayoutsService, type PayoutsService } from './payouts.service.ts';

export interface PayoutsModule {
  service: PayoutsService;
  /**
   * GET /client/v1/payout/targets, /payout/methods, /resources/relationships,
   * /resources/occupations and /resources/currency-salary-ranges.
   */
  routes: FastifyPluginAsync;
}

/** Payout reference data (issue 15): targets, methods, partners, purposes, relationships. */
export function createPayoutsModule(deps: {
  db: Database;
  countries: CountriesService;
  customers: CustomerService;
}): PayoutsModule {
  const service = createPayoutsService({
    repository: createPayoutsRepository(deps.db),
    countries: deps.countries,
  });
  const resources = createCustomerResources({ customers: deps.customers, payouts: service });
  return {
    service,
    routes: async (app) => app.register(payoutsRoutes, { service, resources }),
  };
}

export {
  PAYOUT_CORRIDORS,
  PAYOUT_COMPANIES,
  type PayoutCorridor,
} from './payout-reference-data.ts';
export type {
  AcceptedReceipt,
  PartnerReceipt,
  PartnerState,
  PartnerStatus,
  PayoutPartner,
  PayoutRequest,
  SubmittedPayout,
} from './payout-partner.ts';
export {
  createSandboxPayoutPartner,
  SANDBOX_PAYOUT_TEST_ACCOUNTS,
} from './sandbox-payout-partner.ts';
export { currencyRows, seedPayoutReferenceData } from './payouts.seed.ts';
export {
  payoutMethodResource,
  type MethodInfo,
  type PayoutsService,
  type TargetInfo,
} from './payouts.service.ts';
export { payoutStateCodes, type PayoutStateCode } from './payout-states.ts';
export { payoutsOfTransfers, type TransferPayoutRow } from './transfer-payout-reads.ts';
export {
  createTransferPayoutsRepository,
  payoutCompanyCodeOf,
  type TransferPayoutChanges,
  type TransferPayoutsRepository,
} from './transfer-payouts.repository.ts';
