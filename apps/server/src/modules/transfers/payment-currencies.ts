import { apiPaths, paymentCurrenciesSchema, type Currency } from '@corridor/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database.ts';
import { requestLocale } from '../../i18n/index.ts';
import type { PayoutsService } from '../payouts/index.ts';
import { requireActor } from '../sessions/index.ts';
import { transactions } from './transfers.schema.ts';

/**
 * GET /client/v1/transaction/payment/currencies (`{data: [Currency]}`,
 * docs/product/sending-money.md#retry-and-cancel): the currencies the customer has paid transfers
 * in, for the statement's filter
 * (docs/product/sending-money.md#paying-by-card). Only the signed-in customer's own transfers.
 */
export const paymentCurrenciesRoutes: FastifyPluginAsyncZod<{
  db: Database;
  payouts: Pick<PayoutsService, 'currency'>;
}> = async (app, { db, payouts }) => {
  app.get(
    apiPaths.paymentCurrencies,
    {
      schema: {
        summary: 'The currencies the customer has paid transfers in',
        tags: ['transactions'],
        response: { 200: paymentCurrenciesSchema },
      },
    },
    async (request) => {
      const { customerId } = requireActor(request);
      const locale = requestLocale(request);
      const rows = await db
        .selectDistinct({ code: transactions.send_currency })
        .from(transactions)
        .where(eq(transactions.customer_id, customerId))
        .orderBy(asc(transactions.send_currency));
      const data: Currency[] = [];
      for (const { code } of rows) {
        const currency = await payouts.currency(code, locale);
        if (currency) data.push(currency);
      }
      return { data };
    },
  );
};
