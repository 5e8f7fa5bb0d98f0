import {
  apiPaths,
  quoteRecipientBodySchema,
  quoteRequestSchema,
  quoteSchema,
  routePatterns,
  savedQuoteSchema,
  uuidParam,
  type QuoteRequest,
} from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { requireSession } from '../sessions/index.ts';
import { sendCompressedJson } from '../../lib/prepared-json.ts';
import type { PreparedQuote, QuotesService } from './quotes.service.ts';

const idParams = z.object({ id: uuidParam() });

type Settled = { ok: true; value: PreparedQuote } | { ok: false; error: unknown };

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
 * Idempotency-Key (plugins/idempotency.ts), which runs the handler inside the key's
 * transaction. Their reads (the customer, the rate, the recipients) happen in a preHandler,
 * before that transaction opens: on PGlite a read outside it would wait for it. What the reads
 * throw (422, 404, 503) waits for the handler, so a replayed key still gets its stored answer,
 * whatever the market does meanwhile.
 */
const quoteSavingRoutes: FastifyPluginAsyncZod<{ service: QuotesService }> = async (
  app,
  { service },
) => {
  const prepared = new WeakMap<FastifyRequest, Settled>();
  const prepare = (request: FastifyRequest, body: QuoteRequest, recipientId?: string) =>
    service.prepare(requireSession(request), body, requestLocale(request), recipientId).then(
      (value) => void prepared.set(request, { ok: true, value }),
      (error: unknown) => void prepared.set(request, { ok: false, error }),
    );
  const save = async (request: FastifyRequest) => {
    const settled = prepared.get(request);
    if (!settled) throw new Error('the quote was not prepared');
    if (!settled.ok) throw settled.error;
    return service.save(settled.value, request.transaction);
  };

  app.post(
    apiPaths.quote,
    {
      config: { idempotent: true },
      schema: {
        summary: 'Save a quote: its figures kept and its rate locked for 30 minutes',
        tags: ['quotes'],
        body: quoteRequestSchema,
        response: { 201: savedQuoteSchema },
      },
      preHandler: async (request) => prepare(request, request.body),
    },
    // Returned, not sent: the idempotency plugin keeps the answer the handler returns.
    async (request, reply) => {
      reply.code(201);
      return save(request);
    },
  );

  app.post(
    routePatterns.recipientSendMoney,
    {
      config: { idempotent: true },
      schema: {
        summary: 'Save a quote to pay this recipient (their country and method)',
        tags: ['quotes'],
        params: idParams,
        body: quoteRequestSchema,
        response: { 201: savedQuoteSchema },
      },
      preHandler: async (request) => prepare(request, request.body, request.params.id),
    },
    async (request, reply) => {
      reply.code(201);
      return save(request);
    },
  );
};

/** The quote endpoints (original product §3.3, DESIGN §6), for signed-in customers. */
export const quotesRoutes: FastifyPluginAsyncZod<{ service: QuotesService }> = async (
  app,
  options,
) => {
  await app.register(quoteReadRoutes, options);
  await app.register(quoteSavingRoutes, options);
};
