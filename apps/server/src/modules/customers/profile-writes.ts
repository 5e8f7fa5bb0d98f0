import type { Locale } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { CacheNetwork } from '../../lib/cache-network.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EventOrigin, RealtimeEvents } from '../realtime/index.ts';
import type { AttributeKey } from './attribute-catalogue.ts';
import type { CustomerRepository } from './customer.repository.ts';

/** The cache of the customer resource's rows (decision 16). */
export const CUSTOMERS_CACHE = 'customers';

export interface ProfileWritesDeps {
  repository: CustomerRepository;
  uow: Pick<UnitOfWork, 'afterCommit'>;
  caches: CacheNetwork;
  clock: Clock;
  /** CustomerProfileUpdated after a change made here (docs/product/realtime.md#events). */
  events: RealtimeEvents;
}

/**
 * What other modules write of the customers' tables (decision 30), each in the caller's
 * transaction `tx`. A change of the profile tells the customer's tabs (CustomerProfileUpdated,
 * through the outbox) and evicts the cached resource itself, so no caller can forget either.
 */
export function createProfileWrites(deps: ProfileWritesDeps) {
  const { repository, uow, caches, clock, events } = deps;

  /**
   * Every use case that changes what the resource shows (the customer, its account, address,
   * birth details or employment) calls this with its transaction: once it commits, no process
   * shows the old values, before the use case returns.
   */
  function profileChanged(tx: Executor, customerId: string): void {
    uow.afterCommit(tx, () => caches.evict(CUSTOMERS_CACHE, [customerId]));
  }

  /** CustomerProfileUpdated and the eviction, for a change of what the resource shows. */
  async function profileUpdated(tx: Executor, customerId: string, origin?: EventOrigin) {
    await events.customerProfileUpdated(tx, customerId, origin);
    profileChanged(tx, customerId);
  }

  return {
    profileChanged,
    profileUpdated,

    /** A new customer (sign-up), in its language; its id. */
    createCustomer: (ex: Executor, values: { crn: string; locale: Locale; now: Date }) =>
      repository.create(ex, values),
    crnExists: (ex: Executor, crn: string) => repository.crnExists(ex, crn),
    /** The customer's language, or undefined when there is no such customer. */
    findLocale: (ex: Executor, customerId: string) => repository.localeOf(ex, customerId),

    /** The country the customer sends from (one of SOURCE_COUNTRIES, checked by the caller). */
    async setCountry(tx: Executor, customerId: string, countryId: string, origin?: EventOrigin) {
      await repository.setCountry(tx, customerId, countryId, clock.now());
      await profileUpdated(tx, customerId, origin);
    },

    /**
     * Blocks or unblocks the customer's sending (an operator's decision, modules/operator-actions):
     * the value it had, or undefined when there is no such customer. A change tells the tabs.
     */
    async setBlockedForSending(
      tx: Executor,
      customerId: string,
      blocked: boolean,
    ): Promise<boolean | undefined> {
      const previous = await repository.setBlockedForSending(tx, customerId, blocked, clock.now());
      if (previous !== undefined && previous !== blocked) await profileUpdated(tx, customerId);
      return previous;
    },

    /**
     * Validated attribute values (onboarding's forms, an approved ID's name and birth date): the
     * one place that writes the attributes' columns.
     */
    async saveAttributes(
      tx: Executor,
      customerId: string,
      values: ReadonlyMap<AttributeKey, string | null>,
      origin?: EventOrigin,
    ): Promise<void> {
      await repository.saveAttributes(tx, customerId, values, clock.now());
      await profileUpdated(tx, customerId, origin);
    },
  };
}
