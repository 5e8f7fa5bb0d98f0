import type { MailMessage } from '../modules/mail/index.ts';
import type { OutboxHandler, OutboxMessageInput } from './outbox.ts';

/**
 * The two kinds of message the product has so far; a module may add its own. The realtime kind's
 * message and handler live with realtime (modules/realtime/realtime-outbox.ts).
 */
export const outboxKinds = { mail: 'mail', realtime: 'realtime' } as const;

/** Which aggregate a message belongs to: its order holds within it. */
export interface Aggregate {
  type: string;
  id: string;
}

/** An email, sent after the commit. */
export function mailMessage(aggregate: Aggregate, message: MailMessage): OutboxMessageInput {
  return {
    aggregateType: aggregate.type,
    aggregateId: aggregate.id,
    kind: outboxKinds.mail,
    payload: { to: message.to, subject: message.subject, text: message.text, html: message.html },
  };
}

/**
 * Sends outbox mail. `deliver` gets the outbox message id with the message: the key a mail
 * driver de-duplicates a repeated delivery on (modules/mail/mail-port.ts).
 */
export function mailHandler(
  deliver: (message: MailMessage, outboxMessageId: string) => Promise<void>,
): OutboxHandler {
  return async ({ id, payload }) => {
    const { to, subject, text, html } = payload as unknown as MailMessage;
    await deliver({ to, subject, text, html }, id);
  };
}
