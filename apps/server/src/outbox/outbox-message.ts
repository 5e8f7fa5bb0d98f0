import type { JsonObject } from '../db/columns.ts';
import type { OutboxRow } from './outbox.repository.ts';

/** What a use case hands the outbox: one side effect of one aggregate. */
export interface OutboxMessageInput {
  /** The thing the effect is about ('customer', 'transaction', …): order holds within one. */
  aggregateType: string;
  aggregateId: string;
  /** Which handler delivers it ('mail', 'realtime', …). */
  kind: string;
  payload: JsonObject;
}

/** A message as its handler gets it. */
export interface OutboxMessage extends OutboxMessageInput {
  /** Unique and stable across deliveries: what a consumer de-duplicates on. */
  id: string;
  sequence: number;
  createdAt: Date;
  /** Failed deliveries so far. */
  attempts: number;
}

/**
 * Delivers one message. It may be called more than once for the same message (at least once: a
 * crash after delivering and before recording it), so it must tolerate repeats by `id`. A throw
 * is a failed attempt: the message is retried later, and its aggregate's later messages wait.
 */
export type OutboxHandler = (message: OutboxMessage) => Promise<void>;

export const toMessage = (row: OutboxRow): OutboxMessage => ({
  id: row.id,
  sequence: row.sequence,
  aggregateType: row.aggregate_type,
  aggregateId: row.aggregate_id,
  kind: row.kind,
  payload: row.payload,
  createdAt: row.created_at,
  attempts: row.attempts,
});
