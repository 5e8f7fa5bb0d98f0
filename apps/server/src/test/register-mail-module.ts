import type { FastifyInstance } from 'fastify';
import { createMailModule, type MailModuleDeps } from '../modules/mail/index.ts';

/** The mail module on a bare Fastify app, as app.ts registers it: its mailer, its routes. */
export async function registerMailModule(app: FastifyInstance, deps: Omit<MailModuleDeps, 'log'>) {
  const mail = createMailModule({ ...deps, log: app.log });
  await app.register(mail.routes);
  return mail.mailer;
}
