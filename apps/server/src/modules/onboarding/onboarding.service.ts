import { noRealtimeEvents, type RealtimeEvents } from '../realtime/broadcaster.ts';
import type {
  AttributeCategory,
  AttributeValues,
  Country,
  Customer,
  Task,
  UpdateMobileNumberRequest,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
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
  mobileNumberInUse: 'This mobile number is already in use.',
  invalidMobileNumber: (country: string) => `Enter a valid mobile number for ${country}.`,
} as const;

export interface OnboardingServiceDependencies {
  repository: OnboardingRepository;
  customers: CustomerService;
  countries: CountriesService;
  clock: Clock;
  /** CustomerProfileUpdated after every change (DESIGN §8). */
  events?: RealtimeEvents;
}

export function createOnboardingService(deps: OnboardingServiceDependencies) {
  const { repository, customers, countries, clock } = deps;
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
      await repository.setCountry(session.customer_id, country.id);
      await events.customerProfileUpdated(session.customer_id, origin);
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
      await repository.saveAttributes(session.customer_id, result.values);
      await events.customerProfileUpdated(session.customer_id, origin);
      return customers.view(session);
    },

    async updateMobileNumber(
      session: SessionRow,
      request: UpdateMobileNumberRequest,
      origin?: EventOrigin,
    ): Promise<Customer> {
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
      if (await repository.isMobileNumberTaken(session.customer_id, mobileNumber)) throw inUse();
      // The unique index settles a race between two customers saving the same number.
      if (!(await repository.setMobileNumber(session.customer_id, mobileNumber, country.id)))
        throw inUse();
      await events.customerProfileUpdated(session.customer_id, origin);
      return customers.view(session);
    },

    async tasks(session: SessionRow): Promise<Task[]> {
      return customerTasks(await customers.view(session));
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
