import { apiPaths, countryListSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendPreparedJson } from '../../lib/prepared-json.ts';
import type { CountriesService } from './countries.service.ts';

export const countriesRoutes: FastifyPluginAsyncZod<{ service: CountriesService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.countries,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Every country (ISO 3166-1)',
        tags: ['reference data'],
        // Documents the answer; the body itself was validated once when it was prepared.
        response: { 200: countryListSchema },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await service.list()),
  );
};
