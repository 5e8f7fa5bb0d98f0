import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import { createCountriesRepository } from './countries.repository.ts';
import { countriesRoutes } from './countries.routes.ts';
import { createCountriesService, type CountriesService } from './countries.service.ts';

export interface CountriesModule {
  service: CountriesService;
  /** GET /client/v1/countries. */
  routes: FastifyPluginAsync;
}

/** Countries (ISO 3166-1, reference data) and the mobile numbering plan of each. */
export function createCountriesModule(deps: { db: Database }): CountriesModule {
  const service = createCountriesService(createCountriesRepository(deps.db));
  return { service, routes: async (app) => app.register(countriesRoutes, { service }) };
}

export type { CountriesService } from './countries.service.ts';
export { mobileNumberFor } from './mobile-number.ts';
