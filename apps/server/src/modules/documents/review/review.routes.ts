import { apiPaths, customerSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../../i18n/index.ts';
import type { CustomerService } from '../../customers/index.ts';
import { eventOrigin, type EventOrigin } from '../../realtime/index.ts';
import { actorOf, requireSession, type Actor } from '../../sessions/index.ts';

export interface ReviewRoutesOptions {
  applyInfoFromPoi(actor: Actor, origin?: EventOrigin): Promise<void>;
  /** The answer: the customer as it now stands. */
  customers: Pick<CustomerService, 'view'>;
}

/** The customer's side of the review: taking the details an approved ID recorded. */
export const reviewRoutes: FastifyPluginAsyncZod<ReviewRoutesOptions> = async (
  app,
  { applyInfoFromPoi, customers },
) => {
  app.post(
    apiPaths.applyInfoFromPoi,
    {
      schema: {
        summary: "Copy the approved proof of identity's name and date of birth to the profile",
        tags: ['documents'],
        response: { 200: customerSchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      await applyInfoFromPoi(actorOf(session), eventOrigin(request));
      return customers.view(session, requestLocale(request));
    },
  );
};
