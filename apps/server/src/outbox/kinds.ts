import type { RealtimeEventName } from '@corridor/contracts';
import type { MailMessage } from '../modules/mail/mailer.ts';
import { validatePayload, type Broadcaster } from '../modules/realtime/broadcaster.ts';
import type { OutboxHandler, OutboxMessageInput } from './outbox.ts';

/** The two kinds of message the product has so far; a module may add its own. */
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

export interface RealtimeEvent {
  channel: string;
  event: RealtimeEventName;
  data: unknown;
  /** The tab that caused it (X-Socket-ID) does not hear it. */
  exceptSocketId?: string;
}

/**
 * A realtime event, broadcast after the commit. The payload is checked against its contract now,
 * so a wrong one fails the use case instead of every later delivery.
 */
export function realtimeMessage(aggregate: Aggregate, event: RealtimeEvent): OutboxMessageInput {
  return {
    aggregateType: aggregate.type,
    aggregateId: aggregate.id,
    kind: outboxKinds.realtime,
    payload: {
      channel: event.channel,
      event: event.event,
      data: validatePayload(event.event, event.data),
      ...(event.exceptSocketId ? { except_socket_id: event.exceptSocketId } : {}),
    },
  };
}

/**
 * Sends outbox mail. `deliver` gets the outbox message id with the message: the key a mail
 * driver de-duplicates a repeated delivery on (see the report on modules/mail).
 */
export function mailHandler(
  deliver: (message: MailMessage, outboxMessageId: string) => Promise<void>,
): OutboxHandler {
  return async ({ id, payload }) => {
    const { to, subject, text, html } = payload as unknown as MailMessage;
    await deliver({ to, subject, text, html }, id);
  };
}

/** Broadcasts outbox realtime events (through the hubs or the external service). */
export function realtimeHandler(broadcaster: Pick<Broadcaster, 'broadcast'>): OutboxHandler {
  return async ({ payload }) => {
    const event = payload as unknown as {
      channel: string;
      event: RealtimeEventName;
      data: unknown;
      except_socket_id?: string;
    };
    await broadcaster.broadcast(
      event.channel,
      event.event,
      event.data,
      event.except_socket_id ? { exceptSocketId: event.except_socket_id } : undefined,
    );
  };
}
