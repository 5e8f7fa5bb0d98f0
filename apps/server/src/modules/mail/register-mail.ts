import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { devMailboxRoutes, isLoopbackHostname } from './dev-mailbox.routes.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createMailer, type Mailer } from './mailer.ts';

export interface RegisterMailOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl' | 'host'>;
  db: Database;
}

const isLoopbackOrigin = (origin: string): boolean => isLoopbackHostname(new URL(origin).hostname);

/**
 * Creates the app's mailer (logging through app.log) and, only while the outbox driver is
 * active and the product is both reached and listening on loopback, adds GET /dev/mailbox and
 * /dev/mailbox.json (which also refuse any Host that is not a loopback name). Returns the
 * mailer for the services.
 */
export async function registerMail(
  app: FastifyInstance,
  { config, db }: RegisterMailOptions,
): Promise<Mailer> {
  const mailer = createMailer({ config, db, log: app.log });
  // The mailbox shows every code and reset link: only for a product reached on loopback
  // (npm start, tests), never once APP_URL names a public origin or HOST opens the port to the
  // network (0.0.0.0 with no APP_URL still has a loopback APP_URL).
  if (
    mailer.driver === 'outbox' &&
    isLoopbackOrigin(config.appUrl) &&
    isLoopbackHostname(config.host)
  ) {
    await app.register(devMailboxRoutes, { outbox: createMailOutboxRepository(db) });
  }
  return mailer;
}
