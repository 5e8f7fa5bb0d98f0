import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CountriesService } from '../countries/index.ts';
import type { CustomerService } from '../customers/index.ts';
import type { MobileNumbers } from '../accounts/index.ts';
import { onboardingRoutes } from './onboarding.routes.ts';
import { createOnboardingService, type OnboardingService } from './onboarding.service.ts';

export interface OnboardingModuleDeps {
  uow: UnitOfWork;
  clock: Clock;
  limiter: RateLimiter;
  customers: CustomerService;
  /** The accounts module's: the mobile number is the account's. */
  mobileNumbers: MobileNumbers;
  countries: CountriesService;
  /** The to-dos ask whether the customer has a recipient. */
  recipients: { hasAny(customerId: string): Promise<boolean> };
  /** ... and whether they have made a transfer (the transfers module's port). */
  transfers: { hasAny(customerId: string): Promise<boolean> };
}

export interface OnboardingModule {
  service: OnboardingService;
  /** Source countries, the customer's country, attributes, mobile number and to-dos. */
  routes: FastifyPluginAsync;
}

/** Onboarding (docs/product/customer-and-onboarding.md#onboarding): the customer fills in their profile, step by step. */
export function createOnboardingModule(deps: OnboardingModuleDeps): OnboardingModule {
  const service = createOnboardingService(deps);
  return {
    service,
    routes: async (app) =>
      app.register(onboardingRoutes, { onboarding: service, customers: deps.customers }),
  };
}

export type { OnboardingService } from './onboarding.service.ts';
