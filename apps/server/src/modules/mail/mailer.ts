import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

/** One email as the product writes it; the From address is the mailer's, not the caller's. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  /** Resolves once the message is stored (outbox) or accepted by the SMTP server; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

/** The slice of a Fastify/pino logger the drivers use, so tests can pass a plain recorder. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}

export interface CreateMailerOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  db: Database;
  log: MailLog;
}

/** SMTP when SMTP_URL is set (scaled deployment), otherwise the outbox table (DESIGN §2.1). */
export function createMailer({ config, db, log }: CreateMailerOptions): Mailer {
  if (config.smtpUrl) {
    return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  }
  return createOutboxMailer({ outbox: createMailOutboxRepository(db), log });
}
