import nodemailer from 'nodemailer';
import type { MailLog, Mailer } from './mail-port.ts';

export interface SmtpMailerOptions {
  /** smtp://user:password@host:587 or smtps://…:465 (nodemailer's URL form). */
  smtpUrl: string;
  /** The From header, e.g. "Corridor <no-reply@example.com>". */
  from: string;
  log: MailLog;
}

/**
 * Sends over SMTP with one connection per message (no pool, so nothing stays open to close).
 * Failures reject: the caller decides whether a request waits for the mail or only logs.
 */
export function createSmtpMailer({ smtpUrl, from, log }: SmtpMailerOptions): Mailer {
  const messageIdDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'corridor.invalid';
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    pool: false,
    // nodemailer waits up to 2 min to connect and 10 min on a silent socket; a request that
    // awaits a code mail should fail well before a browser gives up.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Messages are plain strings; never let content reference local files or fetch URLs.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    driver: 'smtp',
    async send(message, delivery) {
      const info = await transport.sendMail({
        from,
        // The same outbox message always has the same Message-ID (RFC 5322 §3.6.4), so a repeated
        // delivery is recognisably the same mail.
        ...(delivery?.id ? { messageId: `<${delivery.id}@${messageIdDomain}>` } : {}),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      // A server may accept the transaction yet refuse the one recipient we care about.
      if (info.rejected.length > 0) {
        throw new Error(`SMTP server refused the recipient: ${info.response}`);
      }
      log.info(
        { mail: { to: message.to, subject: message.subject, message_id: info.messageId } },
        'mail sent over SMTP',
      );
    },
  };
}
