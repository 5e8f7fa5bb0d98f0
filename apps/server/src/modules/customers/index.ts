import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { CustomerAccountsPort } from './accounts-port.ts';
import { createCustomerRepository } from './customer.repository.ts';
import { customerRoutes } from './customer.routes.ts';
import { createCustomerService, type CustomerService } from './customer.service.ts';
import type { CustomerDocumentsPort } from './documents-port.ts';

export interface CustomersModule {
  service: CustomerService;
  /** GET /client/v1/profile (the customer resource) and POST /client/v1/profile/locale. */
  routes: FastifyPluginAsync;
}

/** Customers: the profile, its attribute catalogue, and the customer resource (docs/product/customer-and-onboarding.md#profile-attributes). */
export function createCustomersModule(deps: {
  db: Database;
  countries: CountriesService;
  uow: UnitOfWork;
  /** The resource's rows are cached, and evicted from every process when they change. */
  caches: CacheNetwork;
  clock: Clock;
  events: RealtimeEvents;
  /** The resource's documents part: the documents module's port (built after this one). */
  documents: CustomerDocumentsPort;
  /** The customer's account: the accounts module's port (that module is built after this one). */
  accounts: CustomerAccountsPort;
}): CustomersModule {
  const repository = createCustomerRepository(deps.db, deps.accounts, deps.documents);
  const service = createCustomerService({ ...deps, repository });
  return { service, routes: async (app) => app.register(customerRoutes, { customers: service }) };
}

export {
  catalogueFor,
  isSourceCountry,
  SOURCE_COUNTRIES,
  type AttributeDefinition,
  type AttributeKey,
} from './attribute-catalogue.ts';
export type { CustomerAccount, CustomerAccountsPort, ProfilePart } from './accounts-port.ts';
export type { CustomerService } from './customer.service.ts';
export { CUSTOMERS_CACHE } from './profile-writes.ts';
export { customerLocaleSql } from './customer-locales.ts';
export type {
  CustomerDocumentsPart,
  CustomerDocumentsPort,
  CustomerDocumentsState,
  DocumentsProfile,
} from './documents-port.ts';
export { localizedDefinition } from './localized-attributes.ts';
export {
  BIRTH_DATE_MESSAGES,
  birthDateProblem,
  EARLIEST_BIRTH_DATE,
  identityValueProblems,
  inSentence,
  MINIMUM_AGE_YEARS,
  valueProblem,
} from './attribute-rules.ts';
