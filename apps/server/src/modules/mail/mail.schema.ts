import { sql } from 'drizzle-orm';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from '../../db/columns.ts';

/** Every message the outbox mail driver has "sent" (docs/architecture.md#one-process-or-many). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The outbox message this mail delivers: a repeated delivery stores no second mail. */
    outbox_message_id: uuid('outbox_message_id').unique(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_created_at_idx').on(table.created_at)],
);
