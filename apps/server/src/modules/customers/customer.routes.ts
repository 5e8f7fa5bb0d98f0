import { apiPaths, customerSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/prepared-json.ts';
import { requireSession } from '../sessions/index.ts';
import type { CustomerService } from './customer.service.ts';

/**
 * GET /client/v1/profile: the customer as the asking session may see it (SPEC §3); a session
 * that still owes its second factor may ask, and sees nothing personal.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ customers: CustomerService }> = async (
  app,
  { customers },
) => {
  app.get(
    apiPaths.profile,
    {
      config: { access: 'mfa-pending' },
      // Documents the answer; the body is checked against it when it is made (customer.service).
      schema: { tags: ['customers'], response: { 200: customerSchema } },
    },
    async (request, reply) =>
      sendJsonText(reply, await customers.viewJson(requireSession(request))),
  );
};
