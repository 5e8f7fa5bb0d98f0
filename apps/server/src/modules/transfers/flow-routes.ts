import { paymentRetryBodySchema, paymentSchema, routePatterns } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/executor.ts';
import { requestLocale } from '../../i18n/index.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { requireActor, type SignedInSession } from '../sessions/index.ts';
import type { MoneyFlow } from './money-flow.ts';

/** Ids in paths are any text: the services answer 404 for one that is not a UUID. */
const idParams = z.object({ id: z.string() });

/** The signed-in customer's transfer named by the path, in the key's transaction (if any). */
const ownTransfer = (
  request: { session: SignedInSession | null; params: { id: string } },
  outer: Tx | null,
) => ({ customerId: requireActor(request).customerId, transactionId: request.params.id, outer });

/**
 * The customer's payment actions (docs/product/sending-money.md#retry-and-cancel): "I've paid",
 * cancel and a new payment, each idempotent (an Idempotency-Key replays the stored answer).
 */
export const flowRoutes: FastifyPluginAsyncZod<{ flow: MoneyFlow }> = async (app, { flow }) => {
  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.paymentSent,
    schema: {
      summary: 'The customer says it has paid ("I\'ve paid"): the bank transfer is on its way',
      tags: ['transactions'],
      params: idParams,
      response: { 200: paymentSchema },
    },
    prepare: async () => undefined,
    run: (_, outer, request) =>
      flow.settlement.paymentSent(
        { customerId: requireActor(request).customerId, paymentId: request.params.id, outer },
        requestLocale(request),
      ),
    // Keyed "I've paid"s of one turn, in one transaction (docs/decisions/0058-grouped-requests.md).
    group: (asked, outer) =>
      flow.settlement.paymentSentGroup(
        asked.map(({ request }) => ({
          customerId: requireActor(request).customerId,
          paymentId: request.params.id,
          locale: requestLocale(request),
        })),
        outer,
      ),
  });

  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.paymentRetry,
    schema: {
      summary: 'A new payment of the transfer (at most 3), by the same method',
      tags: ['transactions'],
      params: idParams,
      // A bank transfer asks nothing: `payment_data` is accepted and not used.
      body: paymentRetryBodySchema.nullish(),
      response: { 200: paymentSchema },
    },
    prepare: async () => undefined,
    run: (_, outer, request) =>
      flow.paymentChanges.retry(ownTransfer(request, outer), requestLocale(request)),
  });

  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.paymentCancel,
    schema: {
      summary: 'Cancel the open payment before paying (and the transfer with it)',
      tags: ['transactions'],
      params: idParams,
      response: { 200: paymentSchema },
    },
    prepare: async () => undefined,
    run: (_, outer, request) =>
      flow.paymentChanges.cancel(ownTransfer(request, outer), requestLocale(request)),
  });
};
