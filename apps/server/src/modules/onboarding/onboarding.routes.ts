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
import { requestLocale } from '../../i18n/index.ts';
import type { CustomerService } from '../customers/index.ts';
import { eventOrigin } from '../realtime/index.ts';
import { actorOf, requireSession } from '../sessions/index.ts';
import type { OnboardingService } from './onboarding.service.ts';

const tags = ['onboarding'];

export interface OnboardingRoutesOptions {
  onboarding: OnboardingService;
  /** Every change answers the customer as it now stands. */
  customers: CustomerService;
}

/** Country, profile attributes, mobile number and to-dos (docs/product/customer-and-onboarding.md#mobile-number); signed-in customers only. */
export const onboardingRoutes: FastifyPluginAsyncZod<OnboardingRoutesOptions> = async (
  app,
  { onboarding, customers },
) => {
  app.get(
    apiPaths.sourceCountries,
    {
      // Public: the sign-up screen says which countries we serve (defect 19) from these five
      // rather than from all 250.
      config: { access: 'public' },
      schema: {
        summary: 'Countries a customer may live in and send from (public)',
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
    async (request) => {
      const session = requireSession(request);
      await onboarding.updateCountry(
        actorOf(session),
        request.body.country_id,
        eventOrigin(request),
      );
      return customers.view(session, requestLocale(request));
    },
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
    async (request) => {
      const session = requireSession(request);
      await onboarding.updateAttributes(
        actorOf(session),
        request.query.category,
        request.body,
        eventOrigin(request),
      );
      return customers.view(session, requestLocale(request));
    },
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
    async (request) => {
      const session = requireSession(request);
      await onboarding.updateMobileNumber(actorOf(session), request.body, eventOrigin(request));
      return customers.view(session, requestLocale(request));
    },
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
    async (request) => onboarding.tasks(requireSession(request), requestLocale(request)),
  );
};
