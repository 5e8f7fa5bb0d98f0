import {
  apiPaths,
  customerSchema,
  documentCategoriesResponseSchema,
  documentUploadBodySchema,
  documentUploadQuerySchema,
  routePatterns,
  uploadTokenQuerySchema,
  uploadTokenSchema,
} from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../i18n/index.ts';
import { idempotentRoute } from '../../plugins/idempotent-route.ts';
import { eventOrigin } from '../realtime/index.ts';
import { actorOf, requireSession } from '../sessions/index.ts';
import type { DocumentsService } from './documents.service.ts';

const tags = ['documents'];

/**
 * Ids in paths are any text: one that is not an id of the catalogue, or of the customer's own
 * document, is not found (404), never a 422 that would tell a malformed id from someone else's.
 */
const tokenParams = z.object({ categoryId: z.string(), typeId: z.string() });
const pageParams = z.object({ documentId: z.string(), pageId: z.string() });

/** The catalogue, a signed upload, and the owner's own files. */
const readRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (
  app,
  { service },
) => {
  app.get(
    apiPaths.documentCategories,
    {
      schema: {
        summary: 'The document categories (POI, POA, SOF) and their types (a bare array)',
        tags,
        response: { 200: documentCategoriesResponseSchema },
      },
    },
    async (request) => service.categories(requestLocale(request)),
  );

  app.get(
    routePatterns.uploadToken,
    {
      schema: {
        summary: 'A signed upload for one file of a document type (30 minutes, 10 MB)',
        tags,
        params: tokenParams,
        querystring: uploadTokenQuerySchema,
        response: { 200: uploadTokenSchema },
      },
    },
    async (request) =>
      service.issueUploadToken(requireSession(request), request.params, request.query),
  );

  app.get(
    routePatterns.documentPage,
    {
      schema: {
        summary: "A page of the customer's own document, as a download",
        tags,
        params: pageParams,
      },
    },
    async (request, reply) => {
      const { documentId, pageId } = request.params;
      const page = await service.page(actorOf(requireSession(request)), documentId, pageId);
      // The type is the one the content was sniffed as, never what the browser declared; the
      // name is the server's; nothing may render it in place, sniff it or keep it.
      return reply
        .type(page.contentType)
        .header('content-disposition', `attachment; filename="${page.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(page.bytes);
    },
  );
};

/**
 * POST /client/v1/document/upload accepts an Idempotency-Key (plugins/idempotency.ts): the
 * reads (the uploads, the stored files) are its `prepare`, the hand-in its `run`, in the key's
 * transaction.
 */
const uploadRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (
  app,
  { service },
) => {
  idempotentRoute(app, {
    method: 'POST',
    url: apiPaths.documentUpload,
    schema: {
      summary: 'Hand in a document: the stored files become its pages; answers the customer',
      tags,
      querystring: documentUploadQuerySchema,
      body: documentUploadBodySchema,
      response: { 201: customerSchema },
    },
    status: 201,
    prepare: (request) =>
      service.prepareDocument(actorOf(requireSession(request)), request.query, request.body),
    run: (document, outer, request) =>
      service.handIn(requireSession(request), document, requestLocale(request), {
        origin: eventOrigin(request),
        outer,
      }),
  });
};

/** Identity documents (issue 16; docs/product/identity-documents.md#upload), for signed-in customers. */
export const documentsRoutes: FastifyPluginAsyncZod<{ service: DocumentsService }> = async (
  app,
  options,
) => {
  await app.register(readRoutes, options);
  await app.register(uploadRoutes, options);
};
