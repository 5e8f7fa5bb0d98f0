import {
  addRecipientQuerySchema,
  apiPaths,
  nameLookupResultSchema,
  payoutChannelQuerySchema,
  payoutChannelSchema,
  recipientBodySchema,
  recipientListSchema,
  recipientSchema,
  recipientSearchQuerySchema,
  recipientWhisperSchema,
  routePatterns,
  subDeliveryOptionListSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { pageWindow, paginated } from '../../lib/paginate.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { requireActor } from '../sessions/index.ts';
import type { RecipientsService } from './recipients-service-types.ts';

const PER_PAGE = 12;

/**
 * Ids in paths are any text: one that is not a UUID is as unknown as a missing one (404, never
 * a 422 that would tell the two apart); the service checks them.
 */
const idParams = z.object({ id: z.string() });
const channelParams = z.object({ channelId: z.string() });
/** The lookup's requirement attributes, whichever the channel names. */
const lookupQuery = z.record(z.string(), z.unknown());

/** The form: a channel, a delivery option's sub-options, the account-name lookup. */
const formRoutes: FastifyPluginAsyncZod<{ service: RecipientsService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.payoutChannel,
    {
      schema: {
        summary: 'The recipient form of a target and payout method',
        tags: ['recipients'],
        querystring: payoutChannelQuerySchema,
        response: { 200: payoutChannelSchema },
      },
    },
    async (request) => service.channel(request.query, requestLocale(request)),
  );

  app.get(
    routePatterns.subDeliveryOptions,
    {
      schema: {
        summary: 'The sub-options (branches) of a delivery option (a bare array)',
        tags: ['recipients'],
        params: idParams,
        response: { 200: subDeliveryOptionListSchema },
      },
    },
    async (request) => service.subDeliveryOptions(request.params.id, requestLocale(request)),
  );

  app.get(
    routePatterns.nameLookup,
    {
      schema: {
        summary: "The account holder's name, from the bank (where the channel offers it)",
        tags: ['recipients'],
        params: channelParams,
        querystring: lookupQuery,
        response: { 200: nameLookupResultSchema },
      },
    },
    async (request) =>
      service.lookUpName(
        { customerId: requireActor(request).customerId, clientAddress: request.ip },
        request.params.channelId,
        request.query,
      ),
  );
};

/** The customer's recipients: a page, the type-ahead, one. */
const readRoutes: FastifyPluginAsyncZod<{ service: RecipientsService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.recipients,
    {
      schema: {
        summary: "The customer's recipients, newest first, 12 a page",
        tags: ['recipients'],
        querystring: recipientSearchQuerySchema,
        response: { 200: recipientListSchema },
      },
    },
    async (request) => {
      const { customerId } = requireActor(request);
      const { page, search } = request.query;
      const pageRequest = { page, perPage: PER_PAGE, path: apiPaths.recipients };
      const { data, total } = await service.list(
        customerId,
        { search, ...pageWindow(pageRequest) },
        requestLocale(request),
      );
      return paginated(data, total, pageRequest);
    },
  );

  app.get(
    apiPaths.recipientsWhisper,
    {
      schema: {
        summary: 'Recipients matching what the customer types, at most 10',
        tags: ['recipients'],
        querystring: recipientSearchQuerySchema.pick({ search: true }),
        response: { 200: recipientWhisperSchema },
      },
    },
    async (request) => ({
      data: await service.whisper(
        requireActor(request).customerId,
        request.query.search,
        requestLocale(request),
      ),
    }),
  );

  app.get(
    routePatterns.recipient,
    {
      schema: {
        summary: 'One of the customer recipients',
        tags: ['recipients'],
        params: idParams,
        response: { 200: recipientSchema },
      },
    },
    async (request) =>
      service.get(requireActor(request).customerId, request.params.id, requestLocale(request)),
  );
};

/** Add, edit and remove: each one transaction; add and edit take an Idempotency-Key. */
const writeRoutes: FastifyPluginAsyncZod<{ service: RecipientsService }> = async (
  app,
  { service },
) => {
  // The reference data the checks use is read before the key's transaction.
  const ready = () => service.ready();

  idempotentRoute(app, {
    method: 'POST',
    url: apiPaths.addRecipient,
    schema: {
      summary: 'Add a recipient; with quote_id, make them the quote recipient',
      tags: ['recipients'],
      querystring: addRecipientQuerySchema,
      body: recipientBodySchema,
      response: { 201: recipientSchema },
    },
    status: 201,
    prepare: ready,
    run: (_, outer, request) =>
      service.add(
        {
          customerId: requireActor(request).customerId,
          clientAddress: request.ip,
          channelId: request.query.payout_channel_id,
          quoteId: request.query.quote_id,
          body: request.body,
          outer,
        },
        requestLocale(request),
      ),
  });

  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.editRecipient,
    schema: {
      summary: "Change a recipient's details (the payout channel stays)",
      tags: ['recipients'],
      params: idParams,
      body: recipientBodySchema,
      response: { 200: recipientSchema },
    },
    prepare: ready,
    run: (_, outer, request) =>
      service.edit(
        {
          customerId: requireActor(request).customerId,
          clientAddress: request.ip,
          recipientId: request.params.id,
          body: request.body,
          outer,
        },
        requestLocale(request),
      ),
  });

  app.delete(
    routePatterns.recipient,
    {
      schema: {
        summary: 'Remove a recipient (history keeps them)',
        tags: ['recipients'],
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.remove(requireActor(request).customerId, request.params.id);
      return reply.code(204).send();
    },
  );
};

/**
 * Recipients (docs/product/recipients.md#recipient-endpoints) and their forms (docs/product/recipients.md#payout-channels, #payout-configuration), for signed-in customers
 * (the default under /client/), in the request's language.
 */
export const recipientsRoutes: FastifyPluginAsyncZod<{ service: RecipientsService }> = async (
  app,
  options,
) => {
  await app.register(formRoutes, options);
  await app.register(readRoutes, options);
  await app.register(writeRoutes, options);
};
