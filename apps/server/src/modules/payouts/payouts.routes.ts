import {
  apiPaths,
  currencySalaryRangesSchema,
  occupationListSchema,
  payoutMethodListSchema,
  payoutMethodsQuerySchema,
  payoutTargetListSchema,
  relationshipListSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../i18n/index.ts';
import { requireActor } from '../sessions/index.ts';
import type { CustomerResources } from './customer-resources.ts';
import type { PayoutsService } from './payouts.service.ts';

/**
 * Payout configuration (docs/product/recipients.md#payout-configuration) and reference resources (docs/product/recipients.md#reference-resources), for signed-in
 * customers (the default under /client/), in the request's language.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{
  service: PayoutsService;
  resources: CustomerResources;
}> = async (app, { service, resources }) => {
  app.get(
    apiPaths.payoutTargets,
    {
      schema: {
        summary: 'Where money can go: each payout country with the currency paid there',
        tags: ['payouts'],
        response: { 200: payoutTargetListSchema },
      },
    },
    async (request) => ({ data: await service.targets(requestLocale(request)) }),
  );

  app.get(
    apiPaths.payoutMethods,
    {
      schema: {
        summary: 'How a target pays out: bank account, mobile wallet, cash pickup',
        tags: ['payouts'],
        querystring: payoutMethodsQuerySchema,
        response: { 200: payoutMethodListSchema },
      },
    },
    async (request) => {
      const { country_id, currency_id } = request.query;
      return { data: await service.methods(country_id, currency_id, requestLocale(request)) };
    },
  );

  app.get(
    apiPaths.relationships,
    {
      schema: {
        summary: 'Who a recipient can be to the customer',
        tags: ['reference data'],
        response: { 200: relationshipListSchema },
      },
    },
    async (request) => ({ data: await service.relationships(requestLocale(request)) }),
  );

  app.get(
    apiPaths.occupations,
    {
      schema: {
        summary: "The occupations of the customer's profile (a bare array)",
        tags: ['reference data'],
        response: { 200: occupationListSchema },
      },
    },
    async (request) =>
      resources.occupations(requireActor(request).customerId, requestLocale(request)),
  );

  app.get(
    apiPaths.currencySalaryRanges,
    {
      schema: {
        summary: "The customer's currency with the yearly income bands of their profile",
        tags: ['reference data'],
        response: { 200: currencySalaryRangesSchema },
      },
    },
    async (request) =>
      resources.salaryRanges(requireActor(request).customerId, requestLocale(request)),
  );
};
