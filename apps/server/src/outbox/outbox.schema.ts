import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, type JsonObject } from '../db/columns.ts';

/**
 * The transactional outbox (src/outbox/): side effects written in the use case's transaction and
 * delivered after commit, at least once, in `sequence` order within one aggregate.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    /** Also what a consumer de-duplicates on (the stored mail, the realtime event id). */
    id: uuid('id').primaryKey(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull().unique(),
    aggregate_type: text('aggregate_type').notNull(),
    aggregate_id: text('aggregate_id').notNull(),
    /** Which handler delivers it: 'mail', 'realtime', … */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<JsonObject>().notNull(),
    created_at: at('created_at').notNull(),
    /** Failed deliveries wait until then (backoff). */
    next_attempt_at: at('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    dispatched_at: at('dispatched_at'),
    /** Given up after the last attempt; the aggregate's later messages go on. */
    failed_at: at('failed_at'),
    /**
     * A dispatcher's lease: the round that read the message claimed it until then, so another
     * process's rounds skip it (and its aggregate's later messages); a crashed claim expires.
     */
    claimed_until: at('claimed_until'),
  },
  (table) => [
    index('outbox_messages_pending_idx')
      .on(table.aggregate_type, table.aggregate_id, table.sequence)
      .where(sql`dispatched_at is null and failed_at is null`),
    /**
     * The pending messages in `sequence` order: a round's claim reads them oldest first and stops
     * at its limit (outbox.repository.ts, claimDue). `next_attempt_at is not null` holds for every
     * row (the column is not null); it is there so that only the claim's scan, whose
     * `next_attempt_at <= now` implies it, can use this index, and the look-ups of an aggregate's
     * earlier messages always take the index above, even in a plan made while the table was empty
     * (docs/performance.md, twelfth session).
     */
    index('outbox_messages_due_idx')
      .on(table.sequence)
      .where(sql`dispatched_at is null and failed_at is null and next_attempt_at is not null`),
  ],
);
