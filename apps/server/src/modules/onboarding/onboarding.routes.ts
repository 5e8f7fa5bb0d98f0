import {
  apiPaths,
  attributeValuesSchema,
  countryListSchema,
  customerSchema,
  taskListSchema,
  updateCategoryQuerySchema,
  updateCountryRequestSchema,
  updateMobileNumberRequestSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSession } from '../../plugins/authentication.ts';
import { eventOrigin } from '../realtime/event-origin.ts';
import type { OnboardingService } from './onboarding.service.ts';

const tags = ['onboarding'];

/** Country, profile attributes, mobile number and to-dos (DESIGN §5); signed-in customers only. */
export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.get(
    apiPaths.sourceCountries,
    {
      schema: {
        summary: 'Countries a customer may send from',
        tags: ['reference data', ...tags],
        response: { 200: countryListSchema },
      },
    },
    async () => ({ data: await onboarding.sourceCountries() }),
  );

  app.post(
    apiPaths.updateCountry,
    {
      schema: {
        summary: "Set the customer's country (a source country)",
        tags,
        body: updateCountryRequestSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) =>
      onboarding.updateCountry(
        requireSession(request),
        request.body.country_id,
        eventOrigin(request),
      ),
  );

  app.post(
    apiPaths.updateAttributes,
    {
      schema: {
        summary: 'Save profile attributes of one category, validated against the catalogue',
        tags,
        querystring: updateCategoryQuerySchema,
        body: attributeValuesSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) =>
      onboarding.updateAttributes(
        requireSession(request),
        request.query.category,
        request.body,
        eventOrigin(request),
      ),
  );

  app.post(
    apiPaths.updateMobileNumber,
    {
      schema: {
        summary: "Set the customer's mobile number (E.164, one customer per number)",
        tags,
        body: updateMobileNumberRequestSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) =>
      onboarding.updateMobileNumber(requireSession(request), request.body, eventOrigin(request)),
  );

  app.get(
    apiPaths.tasks,
    {
      schema: {
        summary: 'Dashboard to-dos',
        tags,
        response: { 200: taskListSchema },
      },
    },
    async (request) => onboarding.tasks(requireSession(request)),
  );
};
