import {
  apiPaths,
  messageResponseSchema,
  routePatterns,
  statementListSchema,
  statementRequestBodySchema,
  uuidParam,
} from '@corridor/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiText, requestLocale, translate } from '../../i18n/index.ts';
import { requireSession } from '../sessions/index.ts';
import type { Receipts } from './receipts.service.ts';
import type { Statements } from './statements.service.ts';

const idParams = z.object({ id: uuidParam() });

/** A file to save, never to render in place: the server's name, no sniffing, no caching. */
function sendFile(
  reply: FastifyReply,
  file: { content: Uint8Array; contentType: string; fileName: string },
) {
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(file.content));
}

/**
 * Receipts and statements (docs/product/sending-money.md#receipts-and-statements): the signed-in
 * customer's own only; another's reads as missing (404).
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{
  receipts: Receipts;
  statements: Statements;
}> = async (app, { receipts, statements }) => {
  app.get(
    routePatterns.transactionReceipt,
    {
      schema: {
        summary: "A transfer's receipt (PDF): every disclosure field with its figures",
        tags: ['transactions'],
        params: idParams,
      },
    },
    async (request, reply) =>
      sendFile(
        reply,
        await receipts.receipt(requireSession(request), request.params.id, requestLocale(request)),
      ),
  );

  app.post(
    apiPaths.statement,
    {
      schema: {
        summary: 'Ask for a statement (PDF or CSV) of a range of days: made and emailed by a job',
        tags: ['transactions'],
        body: statementRequestBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      const locale = requestLocale(request);
      await statements.request(requireSession(request), request.body, locale);
      return { message: translate(apiText('statements.requested'), locale) };
    },
  );

  app.get(
    apiPaths.statements,
    {
      schema: {
        summary: "The customer's statements, newest first",
        tags: ['transactions'],
        response: { 200: statementListSchema },
      },
    },
    async (request) => statements.list(requireSession(request), requestLocale(request)),
  );

  app.get(
    routePatterns.statementDownload,
    {
      schema: {
        summary: "A ready statement's file; 410 once it has expired",
        tags: ['transactions'],
        params: idParams,
      },
    },
    async (request, reply) =>
      sendFile(reply, await statements.download(requireSession(request), request.params.id)),
  );
};
