import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { createMailOutboxRepository } from './mail-outbox.repository.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';
import type { MailLog, Mailer } from './mail-port.ts';

export type { MailLog, MailMessage, Mailer } from './mail-port.ts';

export interface CreateMailerOptions {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  db: Database;
  log: MailLog;
}

/** SMTP when SMTP_URL is set (scaled deployment), otherwise the outbox table (docs/architecture.md#one-process-or-many). */
export function createMailer({ config, db, log }: CreateMailerOptions): Mailer {
  if (config.smtpUrl) {
    return createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log });
  }
  return createOutboxMailer({ outbox: createMailOutboxRepository(db), log });
}
