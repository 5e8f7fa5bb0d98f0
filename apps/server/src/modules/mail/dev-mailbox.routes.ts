import { apiPaths, outboxMessageSchema } from '@corridor/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renderMailboxPage } from './dev-mailbox-page.ts';
import type { MailOutboxRepository } from './mail-outbox.repository.ts';
import { DEV_MAILBOX_PAGE_PATH } from './outbox-mailer.ts';

const outboxListSchema = z.array(outboxMessageSchema);

export interface DevMailboxRoutesOptions {
  outbox: Pick<MailOutboxRepository, 'listNewestFirst'>;
}

/**
 * What the outbox driver "sent" (DESIGN §2.1). Register only while that driver is active; the
 * answers carry codes and reset links, so they stay out of OpenAPI and out of every cache.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<DevMailboxRoutesOptions> = async (
  app,
  { outbox },
) => {
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
