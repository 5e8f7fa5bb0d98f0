import type { MailOutboxRepository } from './mail-outbox.repository.ts';
import type { MailLog, Mailer } from './mail-port.ts';

/** Where a developer reads what the outbox kept (registered by devMailboxRoutes). */
export const DEV_MAILBOX_PAGE_PATH = '/dev/mailbox';

export interface OutboxMailerOptions {
  outbox: Pick<MailOutboxRepository, 'insert'>;
  log: MailLog;
}

/**
 * The embedded default: nothing leaves the machine. The log line only points at the mailbox,
 * because bodies carry sign-in codes and reset links, and those never reach a log (C48).
 */
export function createOutboxMailer({ outbox, log }: OutboxMailerOptions): Mailer {
  return {
    driver: 'outbox',
    async send(message, delivery) {
      const { id } = await outbox.insert(message, delivery?.id);
      log.info(
        { mail: { id, to: message.to, subject: message.subject }, mailbox: DEV_MAILBOX_PAGE_PATH },
        `mail kept in the outbox; read it at ${DEV_MAILBOX_PAGE_PATH}`,
      );
    },
  };
}
