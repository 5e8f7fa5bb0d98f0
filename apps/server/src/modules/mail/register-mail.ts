import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createMailer, type Mailer } from './mailer.ts';

export interface RegisterMailOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'appUrl'>;
  db: Database;
}

function isLoopbackOrigin(origin: string): boolean {
  const { hostname } = new URL(origin);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Creates the app's mailer (logging through app.log) and, only while the outbox driver is
 * active and the product is reached on loopback, adds GET /dev/mailbox and /dev/mailbox.json. Returns the mailer for the services.
 */
export async function registerMail(
  app: FastifyInstance,
  { config, db }: RegisterMailOptions,
): Promise<Mailer> {
  const mailer = createMailer({ config, db, log: app.log });
  // The mailbox shows every code and reset link: only for a product reached on loopback
  // (npm start, tests), never once APP_URL names a public origin.
  if (mailer.driver === 'outbox' && isLoopbackOrigin(config.appUrl)) {
    await app.register(devMailboxRoutes, { outbox: createMailOutboxRepository(db) });
  }
  return mailer;
}
