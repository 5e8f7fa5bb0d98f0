import {
  outboxKinds,
  type Aggregate,
  type OutboxHandler,
  type OutboxMessageInput,
} from '../../outbox/index.ts';
import type { MailMessage } from './mail-port.ts';

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
 * driver de-duplicates a repeated delivery on (mail-port.ts).
 */
export function mailHandler(
  deliver: (message: MailMessage, outboxMessageId: string) => Promise<void>,
): OutboxHandler {
  return async ({ id, payload }) => {
    const { to, subject, text, html } = payload as unknown as MailMessage;
    await deliver({ to, subject, text, html }, id);
  };
}
