import {
  apiPaths,
  routePatterns,
  transactionListQuerySchema,
  transactionListSchema,
  transactionSchema,
  uuidParam,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { requireSession } from '../sessions/index.ts';
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
