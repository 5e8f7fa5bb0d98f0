import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { isLoopbackHostname, isLoopbackOrigin } from '../../config/index.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import type { MailLog, Mailer } from './mail-port.ts';
import { createMailer } from './mailer.ts';

export interface MailModuleDeps {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl' | 'host'>;
  db: Database;
  log: MailLog;
}

export interface MailModule {
  /** The configured driver: SMTP, or the outbox table the dev mailbox reads. */
  mailer: Mailer;
  /** GET /dev/mailbox and /dev/mailbox.json, only where they may exist (see below). */
  routes: FastifyPluginAsync;
}

/**
 * Mail. The mailbox shows every code and reset link: it exists only while the outbox driver is
 * active and the product is both reached and listening on loopback (npm start, tests), never
 * once APP_URL names a public origin or HOST opens the port to the network (0.0.0.0 with no
 * APP_URL still has a loopback APP_URL). Its routes also refuse any Host that is not loopback.
 */
export function createMailModule({ config, db, log }: MailModuleDeps): MailModule {
  const mailer = createMailer({ config, db, log });
  const devMailbox =
    mailer.driver === 'outbox' &&
    isLoopbackOrigin(config.appUrl) &&
    isLoopbackHostname(config.host);
  return {
    mailer,
    routes: async (app) => {
      if (devMailbox) {
        await app.register(devMailboxRoutes, { outbox: createMailOutboxRepository(db) });
      }
    },
  };
}

export type { MailDelivery, MailLog, MailMessage, Mailer } from './mail-port.ts';
export { createMailer } from './mailer.ts';
export { mailHandler, mailMessage } from './mail-outbox.ts';
export * as mailMessages from './messages.ts';
export type { RefundMailKind } from './refund-messages.ts';
