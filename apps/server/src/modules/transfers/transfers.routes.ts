import {
  apiPaths,
  confirmQuoteBodySchema,
  routePatterns,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  uuidParam,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { requireSession } from '../sessions/index.ts';
import { confirmLock, type ConfirmTransfer } from './confirm-transfer.ts';
import type { TransferReads } from './transfer-reads.ts';

const idParams = z.object({ id: uuidParam() });

/** The customer's transfers (docs/product/sending-money.md#transactions): a page, and one. */
export const transferReadRoutes: FastifyPluginAsyncZod<{ reads: TransferReads }> = async (
  app,
  { reads },
) => {
  app.get(
    apiPaths.transactions,
    {
      schema: {
        summary: "The customer's transfers, newest first, filtered, 10 a page",
        tags: ['transactions'],
        querystring: transactionListQuerySchema,
        response: { 200: transactionListSchema },
      },
    },
    async (request) =>
      reads.list(
        requireSession(request),
        request.query,
        requestLocale(request),
        apiPaths.transactions,
      ),
  );

  app.get(
    routePatterns.transaction,
    {
      schema: {
        summary: 'A transfer: its state, timeline, payment and payout',
        tags: ['transactions'],
        params: idParams,
        response: { 200: transactionSchema },
      },
    },
    async (request) =>
      reads.get(requireSession(request), request.params.id, requestLocale(request)),
  );
};

/**
 * POST /client/v1/quote/confirm/{quoteId} (docs/product/sending-money.md#confirming): idempotent
 * with an Idempotency-Key; without one, a quote still makes one transfer (UNIQUE quote_id).
 */
export const confirmRoutes: FastifyPluginAsyncZod<{ confirm: ConfirmTransfer }> = async (
  app,
  { confirm },
) => {
  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.quoteConfirm,
    schema: {
      summary: 'Confirm a saved quote: the transfer and its first payment',
      tags: ['transactions'],
      params: idParams,
      body: confirmQuoteBodySchema,
      response: { 201: transactionSchema },
    },
    status: 201,
    prepare: (request) =>
      confirm.prepare(
        requireSession(request),
        request.params.id,
        request.body,
        requestLocale(request),
      ),
    // A customer's confirms run one at a time: with a key, the plugin takes the lock (a group's
    // in sorted order).
    lock: (request) => confirmLock(requireSession(request).customer_id),
    run: (prepared, outer) => confirm.run(prepared, outer),
    // Keyed confirms that arrive together, in one transaction of set-based statements
    // (docs/decisions/0058-grouped-requests.md).
    group: (asked, outer) =>
      confirm.runGroup(
        asked.map(({ prepared }) => prepared),
        outer,
      ),
  });
};
