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
import { reusedJson, type ReusedJson } from '../../lib/prepared-json.ts';
import { responseSerializerCompiler } from '../../lib/response-serializer.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { EventOrigin, RealtimeEvents } from '../realtime/index.ts';
import type { Actor, SignedInSession } from '../sessions/index.ts';
import { customerResource } from './customer-resource.ts';
import { CUSTOMERS_CACHE, createProfileWrites } from './profile-writes.ts';
import type { CustomerAccountsPort } from './accounts-port.ts';
import type {
  CustomerRepository,
  CustomerWhole,
  CustomerWithAccount,
} from './customer.repository.ts';
import type { CustomerDocumentsPort, CustomerDocumentsState } from './documents-port.ts';

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
  /** CustomerProfileUpdated after a change made here (docs/product/realtime.md#events). */
  events: RealtimeEvents;
  /** The resource's documents, pending documents and name check (the documents module). */
  documents: CustomerDocumentsPort;
  /** The customer's account (the accounts module's port). */
  accounts: CustomerAccountsPort;
}

/** What the resource is made from: the customer's rows and documents, read (and cached) together. */
interface CustomerRows {
  row: CustomerWithAccount;
  documents: CustomerDocumentsState;
}

/** How many sessions' last profile answers are kept (about 5 KB each with its brotli copy). */
const ANSWERS_KEPT = 1000;

/** Whether two reads of one session are the same in every field (its answer is the same). */
function sameSession(a: SignedInSession, b: SignedInSession): boolean {
  if (a === b) return true;
  for (const key of Object.keys(a) as (keyof SignedInSession)[]) {
    const [x, y] = [a[key], b[key]];
    if (x instanceof Date && y instanceof Date ? x.getTime() !== y.getTime() : x !== y) {
      return false;
    }
  }
  return true;
}

export function createCustomerService(deps: CustomerServiceDeps) {
  const { repository, countries, uow, caches, clock } = deps;
  // The rows of the customers read in the last moments, for the resource alone (decision 16):
  // every use case that changes them calls profileChanged, which evicts them everywhere.
  const cache = caches.cache<CustomerRows>(CUSTOMERS_CACHE);
  const writes = createProfileWrites(deps);

  // What each whole read made, while the repository hands the same whole back (its text did
  // not change): the same rows, so the answer made of them is reused too.
  const made = new WeakMap<CustomerWhole, CustomerRows>();

  async function read(customerId: string, ex?: Executor): Promise<CustomerRows | undefined> {
    return rowsFrom(await repository.findWhole(customerId, ex));
  }

  async function rowsFrom(found: CustomerWhole | undefined): Promise<CustomerRows | undefined> {
    if (!found) return undefined;
    const known = made.get(found);
    if (known) return known;
    const { row } = found;
    const { customer, birthDetail } = row;
    const country = await countries.byId(customer.country_id);
    const state = found.documents({
      countryIso2: country?.iso2_alpha ?? null,
      name: customer.name,
      second_name: customer.second_name,
      third_name: customer.third_name,
      birth_date: birthDetail?.birth_date ?? null,
    });
    const rows = { row, documents: state };
    made.set(found, rows);
    return rows;
  }

  /**
   * The cached rows, or (inside a use case's transaction, `ex`) what it sees, never cached; or
   * the rows read with the request's session (`withSession`), the freshest there are.
   */
  async function rowsOf(
    customerId: string,
    ex?: Executor,
    withSession?: CustomerWhole,
  ): Promise<CustomerRows | undefined> {
    if (ex) return read(customerId, ex);
    if (withSession) return rowsFrom(withSession);
    const cached = cache.get(customerId);
    if (cached) return cached;
    const ticket = cache.ticket();
    const rows = await read(customerId);
    if (rows) cache.put(customerId, rows, ticket);
    return rows;
  }

  async function resourceOf(rows: CustomerRows, session: SignedInSession, locale: Locale) {
    const { row } = rows;
    const [country, nationality, mobileCountry] = await Promise.all([
      countries.byId(row.customer.country_id),
      countries.byId(row.customer.nationality_id),
      countries.byId(row.account.mobile_number_country_id),
    ]);
    return customerResource(
      row,
      { country, nationality, mobileCountry },
      session,
      locale,
      rows.documents.resource(locale),
    );
  }

  // The profile answer depends on the session, the customer's rows and the language alone
  // (countries are fixed at start): while all are the same, it is the same text. A session read
  // again (uncached) is a new object with the same fields: compared field by field.
  const answers = new Map<
    string,
    { session: SignedInSession; rows: CustomerRows; locale: Locale; answer: ReusedJson }
  >();

  /** The answer kept for `session`, when it was made of these rows, in this language. */
  function keptAnswer(
    session: SignedInSession,
    rows: CustomerRows,
    locale: Locale,
  ): ReusedJson | undefined {
    const known = answers.get(session.id);
    if (known?.rows !== rows || known.locale !== locale || !sameSession(known.session, session)) {
      return undefined;
    }
    // The same fields in a newer read (the session cache refilled): the next request with this
    // one compares by identity rather than field by field.
    known.session = session;
    return known.answer;
  }

  return {
    /**
     * The customer as the given session sees it (docs/product/customer-and-onboarding.md#the-customer-resource), its words in `locale`. Given `ex`
     * (an idempotent request's transaction), what that transaction sees, before it commits.
     */
    async view(session: SignedInSession, locale: Locale = 'en', ex?: Executor): Promise<Customer> {
      const rows = await rowsOf(session.customer_id, ex);
      if (!rows) throw new AppError('unauthenticated');
      return resourceOf(rows, session, locale);
    },

    /**
     * `view`, checked against the contract and serialized: the body of GET /profile, kept (with
     * its compressed copies, once made) while the session, rows and language stay the same. A
     * profile owing documents passes 2 KB with their texts, and compressing it on every read
     * halved the route's throughput.
     */
    async viewJson(
      session: SignedInSession,
      locale: Locale = 'en',
      /** The customer read in the same statement as the session (`alongSession`), if it was. */
      withSession?: CustomerWhole,
    ): Promise<ReusedJson> {
      const rows = await rowsOf(session.customer_id, undefined, withSession);
      if (!rows) throw new AppError('unauthenticated');
      const kept = keptAnswer(session, rows, locale);
      if (kept) return kept;
      const answer = reusedJson(serializeCustomer(await resourceOf(rows, session, locale)));
      answers.delete(session.id);
      answers.set(session.id, { session, rows, locale, answer });
      if (answers.size > ANSWERS_KEPT) answers.delete(answers.keys().next().value as string);
      return answer;
    },

    /**
     * `viewJson`'s answer when it is at hand in this turn: the rows cached and the answer made of
     * them kept; else undefined (`viewJson` reads what it needs). Most profile reads end here,
     * without a promise (issue 31).
     */
    keptViewJson(session: SignedInSession, locale: Locale = 'en'): ReusedJson | undefined {
      const rows = cache.get(session.customer_id);
      return rows && keptAnswer(session, rows, locale);
    },

    /** The customer's whole, read in the same statement as a session (decision 45). */
    alongSession: repository.wholePart,

    /**
     * The language the customer reads Corridor in (the sign-in page's or settings' switch): the
     * emails follow it from now on, and the customer's other tabs are told.
     */
    async updateLocale(actor: Actor, locale: Locale, origin?: EventOrigin): Promise<void> {
      await uow.run(async (tx) => {
        await repository.setLocale(tx, actor.customerId, locale, clock.now());
        await writes.profileUpdated(tx, actor.customerId, origin);
      });
    },

    /** The customer's country (the one they send from), once chosen; read fresh. */
    async countryOf(customerId: string): Promise<Country | null> {
      const row = await repository.findWithAccount(customerId);
      if (!row) throw new AppError('unauthenticated');
      return countries.byId(row.customer.country_id);
    },

    /** The language the customer reads Corridor in (their emails and events), read with `ex`. */
    async localeOf(ex: Executor, customerId: string): Promise<Locale> {
      const locale = await repository.localeOf(ex, customerId);
      if (!locale) throw new AppError('unauthenticated');
      return locale;
    },

    /** `localeOf` for several customers in one read (a batched step), by id; all of them. */
    async localesOf(ex: Executor, customerIds: readonly string[]): Promise<Map<string, Locale>> {
      const locales = await repository.localesOf(ex, [...new Set(customerIds)]);
      if (locales.size !== new Set(customerIds).size) throw new AppError('unauthenticated');
      return locales;
    },

    /**
     * What a document reviewer compares with an ID (the documents module), read with `ex`: the
     * customer's names and date of birth, with the address and language its mails go to.
     */
    async reviewedCustomerOf(ex: Executor, customerId: string) {
      const row = await repository.findWithAccountIn(ex, customerId);
      if (!row) return undefined;
      const { customer, account, birthDetail } = row;
      return {
        email: account.email,
        locale: customer.locale,
        profile: {
          name: customer.name,
          secondName: customer.second_name,
          thirdName: customer.third_name,
          birthDate: birthDetail?.birth_date ?? null,
        },
      };
    },

    /** The email address of each of these customers, by id (the accounts module's, read with `ex`). */
    emailsOf: (ex: Executor, customerIds: readonly string[]) =>
      deps.accounts.emailsOf(ex, customerIds),

    ...writes,
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
