import {
  apiPaths,
  quoteRecipientBodySchema,
  quoteRequestSchema,
  quoteSchema,
  routePatterns,
  savedQuoteSchema,
  uuidParam,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/executor.ts';
import { requestLocale } from '../../i18n/index.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { requireSession } from '../sessions/index.ts';
import { sendCompressedJson } from '../../lib/prepared-json.ts';
import type { PreparedQuote, QuotesService } from './quotes.service.ts';

const idParams = z.object({ id: uuidParam() });

/** The calculator, a saved quote, and choosing its recipient. */
const quoteReadRoutes: FastifyPluginAsyncZod<{ service: QuotesService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.quote,
    {
      schema: {
        summary: 'The live calculator: a transfer priced from either side, with its full cost',
        tags: ['quotes'],
        querystring: quoteRequestSchema,
        response: { 200: quoteSchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const json = await service.liveJson(session, request.query, requestLocale(request));
      return sendCompressedJson(request, reply, json);
    },
  );

  app.get(
    routePatterns.quoteById,
    {
      schema: {
        summary: 'A saved quote, exactly as it was priced',
        tags: ['quotes'],
        params: idParams,
        response: { 200: savedQuoteSchema },
      },
    },
    async (request) =>
      service.get(requireSession(request), request.params.id, requestLocale(request)),
  );

  app.post(
    routePatterns.quoteRecipient,
    {
      schema: {
        summary: "Choose a saved quote's recipient",
        tags: ['quotes'],
        params: idParams,
        body: quoteRecipientBodySchema,
        response: { 200: savedQuoteSchema },
      },
    },
    async (request) =>
      service.chooseRecipient(
        requireSession(request),
        request.params.id,
        request.body.recipient_id.toLowerCase(),
        requestLocale(request),
      ),
  );
};

/**
 * Saving a quote: `POST /quote` and `POST /recipient/send-money/{id}`. Both accept an
 * Idempotency-Key (plugins/idempotency.ts): the reads (the customer, the rate, the recipients)
 * are its `prepare`, the saving its `run`, in the key's transaction.
 */
const quoteSavingRoutes: FastifyPluginAsyncZod<{ service: QuotesService }> = async (
  app,
  { service },
) => {
  const save = (prepared: PreparedQuote, outer: Tx | null) => service.save(prepared, outer);

  idempotentRoute(app, {
    method: 'POST',
    url: apiPaths.quote,
    schema: {
      summary: 'Save a quote: its figures kept and its rate locked for 30 minutes',
      tags: ['quotes'],
      body: quoteRequestSchema,
      response: { 201: savedQuoteSchema },
    },
    status: 201,
    prepare: (request) =>
      service.prepare(requireSession(request), request.body, requestLocale(request)),
    run: save,
  });

  idempotentRoute(app, {
    method: 'POST',
    url: routePatterns.recipientSendMoney,
    schema: {
      summary: 'Save a quote to pay this recipient (their country and method)',
      tags: ['quotes'],
      params: idParams,
      body: quoteRequestSchema,
      response: { 201: savedQuoteSchema },
    },
    status: 201,
    prepare: (request) =>
      service.prepare(
        requireSession(request),
        request.body,
        requestLocale(request),
        request.params.id,
      ),
    run: save,
  });
};

/** The quote endpoints (docs/product/sending-money.md#quote-endpoints, docs/product/sending-money.md#quotes), for signed-in customers. */
export const quotesRoutes: FastifyPluginAsyncZod<{ service: QuotesService }> = async (
  app,
  options,
) => {
  await app.register(quoteReadRoutes, options);
  await app.register(quoteSavingRoutes, options);
};
