import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { createCountriesRepository } from './countries.repository.ts';
import { countriesRoutes } from './countries.routes.ts';
import { createCountriesService, type CountriesService } from './countries.service.ts';

export interface CountriesModule {
  service: CountriesService;
  /** GET /client/v1/countries and POST /client/v1/country-waitlist. */
  routes: FastifyPluginAsync;
}

/** Countries (ISO 3166-1, reference data), which of them Corridor serves, and the waitlist. */
export function createCountriesModule(deps: {
  db: Database;
  uow: UnitOfWork;
  clock: Clock;
  limiter: RateLimiter;
}): CountriesModule {
  const service = createCountriesService({
    ...deps,
    repository: createCountriesRepository(deps.db),
  });
  return {
    service,
    routes: async (app) => app.register(countriesRoutes, { service, limiter: deps.limiter }),
  };
}

export type { CountriesService } from './countries.service.ts';
export { countryFields } from './country-fields.ts';
export { mobileNumberFor } from './mobile-number.ts';
export { isSourceCountry, SOURCE_COUNTRIES, type SourceCountryCode } from './source-countries.ts';
export { countryIdsByIso2, seedCountries } from './countries.seed.ts';
