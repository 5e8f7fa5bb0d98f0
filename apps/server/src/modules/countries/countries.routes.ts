import {
  apiPaths,
  countryListSchema,
  countryWaitlistRequestSchema,
  messageResponseSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiText, requestLocale, translate } from '../../i18n/index.ts';
import { sendPreparedJson } from '../../lib/prepared-json.ts';
import { tooManyAttempts, type RateLimiter } from '../../lib/rate-limiter.ts';
import type { CountriesService } from './countries.service.ts';

/** Waitlist entries per client address: anyone may ask, nobody may fill the table. */
const WAITLIST_PER_IP = { limit: 20, windowMs: 60 * 60 * 1000 };

export const countriesRoutes: FastifyPluginAsyncZod<{
  service: CountriesService;
  limiter: RateLimiter;
}> = async (app, { service, limiter }) => {
  app.get(
    apiPaths.countries,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Every country (ISO 3166-1), and whether Corridor serves it (`is_served`)',
        tags: ['reference data'],
        // Documents the answer; the body itself was validated once when it was prepared.
        response: { 200: countryListSchema },
      },
    },
    async (request, reply) => sendPreparedJson(request, reply, await service.list()),
  );

  app.post(
    apiPaths.countryWaitlist,
    {
      config: { access: 'public' },
      schema: {
        summary: 'Be told when Corridor serves a country it does not serve yet',
        tags: ['reference data'],
        body: countryWaitlistRequestSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const hit = await limiter.hit(
        `country-waitlist:${request.ip}`,
        WAITLIST_PER_IP.limit,
        WAITLIST_PER_IP.windowMs,
      );
      if (!hit.allowed) throw tooManyAttempts(hit.retryAfterSeconds);
      const locale = requestLocale(request);
      const country = await service.joinWaitlist(request.body, locale);
      // The country's name is translated with the sentence ("Germany" → "Alemania").
      const message = apiText('waitlist.added', { country: country.common_name });
      return reply.send({ message: translate(message, locale) });
    },
  );
};
