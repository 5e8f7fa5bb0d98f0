import type { EventOrigin } from '../realtime/index.ts';
import type {
  AttributeCategory,
  AttributeValues,
  Country,
  Locale,
  Task,
  UpdateMobileNumberRequest,
} from '@corridor/contracts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';
import { MOBILE_NUMBER_UNAVAILABLE } from '../../errors/constraint-violations.ts';
import type { Clock } from '../../lib/clock.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import { mobileNumberFor, type CountriesService } from '../countries/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { Actor, SignedInSession } from '../sessions/index.ts';
import { validateAttributeValues } from './attribute-validation.ts';
import { catalogueFor, SOURCE_COUNTRIES, isSourceCountry } from '../customers/index.ts';
import type { MobileNumbers } from '../accounts/index.ts';
import { customerTasks } from './tasks.ts';

export const ONBOARDING_MESSAGES = {
  notASourceCountry: apiText('onboarding.notASourceCountry'),
  countryRequired: apiText('onboarding.countryRequired'),
  mobileCountryUnknown: apiText('fields.chooseMobileCountry'),
  /** The same words whether the number is someone else's or unusable: it confirms no owner. */
  mobileNumberInUse: MOBILE_NUMBER_UNAVAILABLE,
  invalidMobileNumber: (country: string) => apiText('onboarding.invalidMobileNumber', { country }),
} as const;

export interface OnboardingServiceDependencies {
  uow: UnitOfWork;
  /**
   * The customers module writes the country and attributes, the accounts module the mobile
   * number (each owns its tables, decision 30), in this module's transaction; each tells the
   * customer's tabs (CustomerProfileUpdated) and evicts the cached resource itself.
   */
  customers: CustomerService;
  mobileNumbers: MobileNumbers;
  countries: CountriesService;
  clock: Clock;
  /** Mobile numbers are tried at most MOBILE_NUMBER_TRIES an hour per customer. */
  limiter: RateLimiter;
  /** Whether the customer has a recipient: the recipients module, for the to-dos. */
  recipients: { hasAny(customerId: string): Promise<boolean> };
  transfers: { hasAny(customerId: string): Promise<boolean> };
}

/**
 * Saving a number is the one way to learn whether someone else holds it: bounded per customer,
 * so no one can test a list of numbers (issue 11).
 */
export const MOBILE_NUMBER_TRIES = { limit: 10, windowMs: 60 * 60 * 1000 };

export function createOnboardingService(deps: OnboardingServiceDependencies) {
  const { uow, customers, mobileNumbers, countries, clock, limiter } = deps;

  return {
    /** The countries a customer may send from (docs/product/sending-money.md#corridors), by name. */
    async sourceCountries(): Promise<Country[]> {
      const found = await Promise.all(
        SOURCE_COUNTRIES.map((source) => countries.byIso2(source.iso2)),
      );
      return found
        .filter((country): country is Country => country !== null)
        .sort((a, b) => a.common_name.localeCompare(b.common_name, 'en'));
    },

    async updateCountry(actor: Actor, countryId: string, origin?: EventOrigin): Promise<void> {
      const country = await countries.byId(countryId.toLowerCase());
      if (!country || !isSourceCountry(country.iso2_alpha)) {
        throw AppError.validation({ country_id: [ONBOARDING_MESSAGES.notASourceCountry] });
      }
      await uow.run((tx) => customers.setCountry(tx, actor.customerId, country.id, origin));
    },

    async updateAttributes(
      actor: Actor,
      category: AttributeCategory,
      values: AttributeValues,
      origin?: EventOrigin,
    ): Promise<void> {
      const country = await customers.countryOf(actor.customerId);
      if (!country) {
        throw new AppError('conflict', {
          type: 'country_required',
          message: ONBOARDING_MESSAGES.countryRequired,
        });
      }
      const knownCountries = await countries.ids();
      const result = validateAttributeValues(values, {
        catalogue: catalogueFor(country.iso2_alpha),
        country: country.iso2_alpha,
        category,
        now: clock.now(),
        isKnownCountry: (id) => knownCountries.has(id),
      });
      if (!result.ok) throw AppError.validation(result.errors);
      await uow.run((tx) => customers.saveAttributes(tx, actor.customerId, result.values, origin));
    },

    async updateMobileNumber(
      actor: Actor,
      request: UpdateMobileNumberRequest,
      origin?: EventOrigin,
    ): Promise<void> {
      const tries = await limiter.hit(
        `mobile-number:${actor.customerId}`,
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
        if (await mobileNumbers.isTaken(tx, actor.customerId, mobileNumber)) throw inUse();
        // The unique index settles a race between two customers saving the same number.
        await mobileNumbers.set(
          tx,
          actor.customerId,
          { mobileNumber, countryId: country.id },
          origin,
        );
      });
    },

    /** The dashboard's to-dos, their words in `locale`. */
    async tasks(session: SignedInSession, locale: Locale = 'en'): Promise<Task[]> {
      const [customer, hasRecipient, hasSent] = await Promise.all([
        customers.view(session),
        deps.recipients.hasAny(session.customer_id),
        deps.transfers.hasAny(session.customer_id),
      ]);
      return customerTasks(customer, { hasRecipient, hasSent }, locale);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
