import { apiPaths, customerSchema, updateLocaleRequestSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../i18n/index.ts';
import { sendReusedJson } from '../../lib/prepared-json.ts';
import { eventOrigin } from '../realtime/index.ts';
import { actorOf, readAlongSession, requireSession } from '../sessions/index.ts';
import type { CustomerService } from './customer.service.ts';

/**
 * GET /client/v1/profile: the customer as the asking session may see it (docs/product/customer-and-onboarding.md#the-customer-resource); a session
 * that still owes its second factor may ask, and sees nothing personal. POST
 * /client/v1/profile/locale: the language the customer reads Corridor in.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (
  app,
  { customers },
) => {
  app.get(
    apiPaths.profile,
    {
      // Read on every signed-in page: the customer comes with the session when it is read.
      config: { access: 'mfa-pending', alongSession: true },
      // Documents the answer; the body is checked against it when it is made (customer.service).
      schema: { tags: ['customers'], response: { 200: customerSchema } },
      // sendReusedJson compresses the answer itself, once per answer: the plugin's hooks would
      // only find it done (or under 2 KB) on every request.
      compress: false,
    },
    // Not an async function: an answer at hand (its rows cached) is sent in this turn.
    (request, reply) => {
      const session = requireSession(request);
      const locale = requestLocale(request);
      const along = readAlongSession(request, customers.alongSession);
      const kept = along === undefined ? customers.keptViewJson(session, locale) : undefined;
      if (kept) {
        sendReusedJson(request, reply, kept);
        return;
      }
      return customers.viewJson(session, locale, along).then((answer) => {
        sendReusedJson(request, reply, answer);
      });
    },
  );

  app.post(
    apiPaths.profileLocale,
    {
      schema: {
        summary: 'Set the language the customer reads Corridor in (emails follow it)',
        tags: ['customers'],
        body: updateLocaleRequestSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await customers.updateLocale(actorOf(session), request.body.locale, eventOrigin(request));
      return customers.view(session, requestLocale(request));
    },
  );
};
