import { apiPaths, rateHistoryQuerySchema, rateHistorySchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FxService } from './fx.service.ts';

/** GET /client/v1/rates/history: 30 days of a corridor's mid-market rate, for the chart. */
export const fxRoutes: FastifyPluginAsyncZod<{ service: FxService }> = async (app, { service }) => {
  app.get(
    apiPaths.rateHistory,
    {
      schema: {
        summary: "The last 30 days of a pair's mid-market rate: each day's last rate, oldest first",
        tags: ['exchange rates'],
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistorySchema },
      },
    },
    async (request) => {
      const { source_currency, target_currency } = request.query;
      return { data: await service.history(source_currency, target_currency) };
    },
  );
};
