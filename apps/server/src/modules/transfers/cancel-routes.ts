import { routePatterns, transactionSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { requireSession } from '../sessions/index.ts';
import type { TransferCancellation } from './transfer-cancellation.ts';

/** Ids in paths are any text: the service answers 404 for one that is not a UUID. */
const idParams = z.object({ id: z.string() });

/**
 * POST /client/v1/transaction/{id}/cancel (docs/product/sending-money.md#cancellation-window):
 * the customer cancels a paid transfer free within its window; idempotent (an Idempotency-Key
 * replays the stored answer).
 */
export const cancelRoutes: FastifyPluginAsyncZod<{ cancellation: TransferCancellation }> = async (
  app,
  { cancellation },
) => {
  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.transactionCancel,
    schema: {
      summary: 'Cancel a paid transfer free within its cancellation window, refunded in full',
      tags: ['transactions'],
      params: idParams,
      response: { 200: transactionSchema },
    },
    prepare: async () => undefined,
    run: (_, outer, request) =>
      cancellation.cancel(
        { session: requireSession(request), transactionId: request.params.id, outer },
        requestLocale(request),
      ),
  });
};
