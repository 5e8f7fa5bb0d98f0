import {
  apiPaths,
  customerSchema,
  type Country,
  type Customer,
  type Locale,
} from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import { AppError } from '../../errors/app-error.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { Clock } from '../../lib/clock.ts';
import { responseSerializerCompiler } from '../../lib/response-serializer.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { EventOrigin, RealtimeEvents } from '../realtime/index.ts';
import type { Actor, SignedInSession } from '../sessions/index.ts';
import { customerResource } from './customer-resource.ts';
import type { CustomerRepository, CustomerWithAccount } from './customer.repository.ts';

export const CUSTOMERS_CACHE = 'customers';

/** The profile answer as every answer is sent: checked against its contract, then JSON. */
const serializeCustomer = responseSerializerCompiler({
  schema: customerSchema,
  method: 'GET',
  url: apiPaths.profile,
  httpStatus: '200',
});

export interface CustomerServiceDeps {
  repository: CustomerRepository;
  countries: CountriesService;
  uow: Pick<UnitOfWork, 'afterCommit' | 'run'>;
  caches: CacheNetwork;
  clock: Clock;
  /** CustomerProfileUpdated after a change made here (DESIGN §8). */
  events: RealtimeEvents;
}

export function createCustomerService(deps: CustomerServiceDeps) {
  const { repository, countries, uow, caches, clock, events } = deps;
  // The rows of the customers read in the last moments, for the resource alone (decision 16):
  // every use case that changes them calls profileChanged, which evicts them everywhere.
  const cache = caches.cache<CustomerWithAccount>(CUSTOMERS_CACHE);

  async function rowOf(customerId: string): Promise<CustomerWithAccount | undefined> {
    const cached = cache.get(customerId);
    if (cached) return cached;
    const ticket = cache.ticket();
    const row = await repository.findWithAccount(customerId);
    if (row) cache.put(customerId, row, ticket);
    return row;
  }

  async function resourceOf(row: CustomerWithAccount, session: SignedInSession, locale: Locale) {
    const [country, nationality, mobileCountry] = await Promise.all([
      countries.byId(row.customer.country_id),
      countries.byId(row.customer.nationality_id),
      countries.byId(row.account.mobile_number_country_id),
    ]);
    return customerResource(row, { country, nationality, mobileCountry }, session, locale);
  }

  /**
   * Every use case that changes what the resource shows (the customer, its account, address,
   * birth details or employment) calls this with its transaction: once it commits, no process
   * shows the old values, before the use case returns.
   */
  function profileChanged(tx: Executor, customerId: string): void {
    uow.afterCommit(tx, () => caches.evict(CUSTOMERS_CACHE, [customerId]));
  }

  // The profile answer depends on the session, the customer's rows and the language alone
  // (countries are fixed at start): while all are the same, it is the same text.
  const answers = new WeakMap<
    SignedInSession,
    { row: CustomerWithAccount; locale: Locale; json: string }
  >();

  return {
    /** The customer as the given session sees it (SPEC §3), its words in `locale`. */
    async view(session: SignedInSession, locale: Locale = 'en'): Promise<Customer> {
      const row = await rowOf(session.customer_id);
      if (!row) throw new AppError('unauthenticated');
      return resourceOf(row, session, locale);
    },

    /** `view`, checked against the contract and serialized: the body of GET /profile. */
    async viewJson(session: SignedInSession, locale: Locale = 'en'): Promise<string> {
      const row = await rowOf(session.customer_id);
      if (!row) throw new AppError('unauthenticated');
      const known = answers.get(session);
      if (known?.row === row && known.locale === locale) return known.json;
      const json = serializeCustomer(await resourceOf(row, session, locale));
      answers.set(session, { row, locale, json });
      return json;
    },

    /**
     * The language the customer reads Corridor in (the sign-in page's or settings' switch): the
     * emails follow it from now on, and the customer's other tabs are told.
     */
    async updateLocale(actor: Actor, locale: Locale, origin?: EventOrigin): Promise<void> {
      await uow.run(async (tx) => {
        await repository.setLocale(tx, actor.customerId, locale, clock.now());
        await events.customerProfileUpdated(tx, actor.customerId, origin);
        profileChanged(tx, actor.customerId);
      });
    },

    /** The customer's country (the one they send from), once chosen; read fresh. */
    async countryOf(customerId: string): Promise<Country | null> {
      const row = await repository.findWithAccount(customerId);
      if (!row) throw new AppError('unauthenticated');
      return countries.byId(row.customer.country_id);
    },

    profileChanged,
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
