import { apiPaths, countryListSchema, type CountryList } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountriesService } from './countries.service.ts';

export const countriesRoutes: FastifyPluginAsyncZod<{ service: CountriesService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.countries,
    {
      schema: {
        summary: 'Every country (ISO 3166-1)',
        tags: ['reference data'],
        response: { 200: countryListSchema },
      },
    },
    async (_request, reply) => {
      const json = await service.listJson();
      // Already validated against countryListSchema and serialised once; Fastify sends strings as they are.
      return reply.type('application/json; charset=utf-8').send(json as unknown as CountryList);
    },
  );
};
