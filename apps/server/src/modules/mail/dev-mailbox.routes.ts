import { apiPaths, outboxMessageSchema } from '@corridor/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackHostname } from '../../config/index.ts';
import { AppError } from '../../errors/app-error.ts';
import { renderMailboxPage } from './dev-mailbox-page.ts';
import type { MailOutboxRepository } from './mail-outbox.repository.ts';
import { DEV_MAILBOX_PAGE_PATH } from './outbox-mailer.ts';

const outboxListSchema = z.array(outboxMessageSchema);

/** A Host header (`name`, `name:port`, `[v6]:port`) that names this machine's loopback. */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec(host);
  return match?.[1] !== undefined && isLoopbackHostname(match[1]);
}

/**
 * DNS rebinding: a page on another site can point its own name at 127.0.0.1 and read what the
 * browser fetches, but its requests still carry that name in Host. Only loopback names pass.
 */
function requestedOnLoopback(request: FastifyRequest): boolean {
  return isLoopbackHost(request.headers.host) && isLoopbackHost(request.host);
}

export interface DevMailboxRoutesOptions {
  outbox: Pick<MailOutboxRepository, 'listNewestFirst'>;
}

/**
 * What the outbox driver "sent" (docs/architecture.md#one-process-or-many). Register only while that driver is active; the
 * answers carry codes and reset links, so they stay out of OpenAPI and out of every cache.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<DevMailboxRoutesOptions> = async (
  app,
  { outbox },
) => {
  // Anyone else is told what any unknown path gets: the 404 envelope.
  app.addHook('onRequest', async (request) => {
    if (!requestedOnLoopback(request)) throw new AppError('not_found');
  });

  app.get(
    apiPaths.devMailbox,
    { schema: { hide: true, response: { 200: outboxListSchema } } },
    async () => {
      const rows = await outbox.listNewestFirst();
      return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
    },
  );

  app.get(DEV_MAILBOX_PAGE_PATH, { schema: { hide: true } }, async (_request, reply) => {
    const rows = await outbox.listNewestFirst();
    return reply.type('text/html; charset=utf-8').send(renderMailboxPage(rows));
  });
};
