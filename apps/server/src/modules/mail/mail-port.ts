/**
 * The mail port: what the product sends and what a driver must do with it. The adapters
 * (outbox-mailer.ts, smtp-mailer.ts) implement it; mailer.ts picks one.
 */

/** One email as the product writes it; the From address is the mailer's, not the caller's. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** What makes a delivery repeatable without a second mail. */
export interface MailDelivery {
  /**
   * The outbox message the mail delivers (a UUID). The outbox delivers at least once; with the
   * same id the outbox driver stores one mail, and SMTP sends the same Message-ID, which mail
   * servers and clients treat as the same message.
   */
  id?: string;
}

export interface Mailer {
  readonly driver: 'outbox' | 'smtp';
  /** Resolves once the message is stored (outbox) or accepted by the SMTP server; rejects otherwise. */
  send(message: MailMessage, delivery?: MailDelivery): Promise<void>;
}

/** The slice of a Fastify/pino logger the drivers use, so tests can pass a plain recorder. */
export interface MailLog {
  info(details: Record<string, unknown>, message: string): void;
}
