import { noRealtimeEvents, type RealtimeEvents } from '../realtime/realtime-events.ts';
import type {
  AttributeCategory,
  AttributeValues,
  Country,
  Customer,
  Task,
  UpdateMobileNumberRequest,
} from '@corridor/contracts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { AppError } from '../../errors/app-error.ts';
import { MOBILE_NUMBER_UNAVAILABLE } from '../../errors/constraint-violations.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { CountriesService } from '../countries/countries.service.ts';
import type { CustomerService } from '../customers/customer.service.ts';
import type { EventOrigin } from '../realtime/event-origin.ts';
import type { SessionRow } from '../sessions/session.repository.ts';
import { validateAttributeValues } from './attribute-validation.ts';
import { catalogueFor, SOURCE_COUNTRIES, isSourceCountry } from './catalogue.ts';
import { mobileNumberFor } from './mobile-number.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';
import { customerTasks } from './tasks.ts';

export const ONBOARDING_MESSAGES = {
  notASourceCountry: 'Choose a country we support sending from.',
  countryRequired: 'Choose your country first.',
  mobileCountryUnknown: 'Choose the country of the number.',
  /** The same words whether the number is someone else's or unusable: it confirms no owner. */
  mobileNumberInUse: MOBILE_NUMBER_UNAVAILABLE,
  invalidMobileNumber: (country: string) => `Enter a valid mobile number for ${country}.`,
} as const;

export interface OnboardingServiceDependencies {
  uow: UnitOfWork;
  repository: OnboardingRepository;
  customers: CustomerService;
  countries: CountriesService;
  clock: Clock;
  /** Mobile numbers are tried at most MOBILE_NUMBER_TRIES an hour per customer. */
  limiter: RateLimiter;
  /** CustomerProfileUpdated after every change (DESIGN §8). */
  events?: RealtimeEvents;
}

/**
 * Saving a number is the one way to learn whether someone else holds it: bounded per customer,
 * so no one can test a list of numbers (issue 11).
 */
export const MOBILE_NUMBER_TRIES = { limit: 10, windowMs: 60 * 60 * 1000 };

export function createOnboardingService(deps: OnboardingServiceDependencies) {
  const { uow, repository, customers, countries, clock, limiter } = deps;
  const events = deps.events ?? noRealtimeEvents;

  return {
    /** The countries a customer may send from (DESIGN §6), by name. */
    async sourceCountries(): Promise<Country[]> {
      const found = await Promise.all(
        SOURCE_COUNTRIES.map((source) => countries.byIso2(source.iso2)),
      );
      return found
        .filter((country): country is Country => country !== null)
        .sort((a, b) => a.common_name.localeCompare(b.common_name, 'en'));
    },

    async updateCountry(
      session: SessionRow,
      countryId: string,
      origin?: EventOrigin,
    ): Promise<Customer> {
      const country = await countries.byId(countryId.toLowerCase());
      if (!country || !isSourceCountry(country.iso2_alpha)) {
        throw AppError.validation({ country_id: [ONBOARDING_MESSAGES.notASourceCountry] });
      }
      await uow.run(async (tx) => {
        await repository.setCountry(tx, session.customer_id, country.id, clock.now());
        await events.customerProfileUpdated(tx, session.customer_id, origin);
      });
      return customers.view(session);
    },

    async updateAttributes(
      session: SessionRow,
      category: AttributeCategory,
      values: AttributeValues,
      origin?: EventOrigin,
    ): Promise<Customer> {
      const current = await customers.view(session);
      if (!current.country) {
        throw new AppError('conflict', {
          type: 'country_required',
          message: ONBOARDING_MESSAGES.countryRequired,
        });
      }
      const knownCountries = await countries.ids();
      const result = validateAttributeValues(values, {
        catalogue: catalogueFor(current.country.iso2_alpha),
        category,
        now: clock.now(),
        isKnownCountry: (id) => knownCountries.has(id),
      });
      if (!result.ok) throw AppError.validation(result.errors);
      await uow.run(async (tx) => {
        await repository.saveAttributes(tx, session.customer_id, result.values, clock.now());
        await events.customerProfileUpdated(tx, session.customer_id, origin);
      });
      return customers.view(session);
    },

    async updateMobileNumber(
      session: SessionRow,
      request: UpdateMobileNumberRequest,
      origin?: EventOrigin,
    ): Promise<Customer> {
      const tries = await limiter.hit(
        `mobile-number:${session.customer_id}`,
        MOBILE_NUMBER_TRIES.limit,
        MOBILE_NUMBER_TRIES.windowMs,
      );
      if (!tries.allowed) throw tooManyAttempts(tries.retryAfterSeconds);
      const country = await countries.byId(request.mobile_number_country_id.toLowerCase());
      if (!country) {
        throw AppError.validation({
          mobile_number_country_id: [ONBOARDING_MESSAGES.mobileCountryUnknown],
        });
      }
      const mobileNumber = mobileNumberFor(request.mobile_number, country.iso2_alpha);
      if (!mobileNumber) {
        throw AppError.validation({
          mobile_number: [ONBOARDING_MESSAGES.invalidMobileNumber(country.common_name)],
        });
      }
      const inUse = () =>
        AppError.validation({ mobile_number: [ONBOARDING_MESSAGES.mobileNumberInUse] });
      await uow.run(async (tx) => {
        if (await repository.isMobileNumberTaken(tx, session.customer_id, mobileNumber)) {
          throw inUse();
        }
        // The unique index settles a race between two customers saving the same number.
        await repository.setMobileNumber(
          tx,
          session.customer_id,
          { mobileNumber, countryId: country.id },
          clock.now(),
        );
        await events.customerProfileUpdated(tx, session.customer_id, origin);
      });
      return customers.view(session);
    },

    async tasks(session: SessionRow): Promise<Task[]> {
      return customerTasks(await customers.view(session));
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
