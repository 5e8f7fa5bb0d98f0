/**
 * The two kinds of message the product has so far; a module may add its own. Each kind's message
 * and handler live with its module (modules/mail/mail-outbox.ts, modules/realtime/realtime-outbox.ts),
 * so the outbox depends on no module.
 */
export const outboxKinds = { mail: 'mail', realtime: 'realtime' } as const;

/** Which aggregate a message belongs to: its order holds within it. */
export interface Aggregate {
  type: string;
  id: string;
}
