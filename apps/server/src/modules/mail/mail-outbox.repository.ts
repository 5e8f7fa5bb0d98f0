import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { jsonList, jsonRows } from '../../db/json-lists.ts';
import { preparedSql, preparedStatement } from '../../db/prepared-statements.ts';
import { turnBatch } from '../../lib/turn-batch.ts';
import { mailOutbox } from './mail.schema.ts';
import type { MailMessage } from './mail-port.ts';

/** The dev mailbox shows this many; older rows stay in the table but are not listed. */
export const MAILBOX_LIST_LIMIT = 100;

/** A mail sent outside the outbox (no outbox message to de-duplicate on). */
const insertOne = preparedStatement('mail_outbox_insert_one', (ex, name) =>
  ex
    .insert(mailOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
    })
    .returning({ id: mailOutbox.id })
    .prepare(name),
);

/**
 * The mails of the outbox messages one round delivers (every mail a transfer sends), stored in
 * one statement, prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md): a repeated
 * delivery (its outbox message already stored) stores nothing and is read back by the next.
 */
const insertDelivered = preparedSql<{ id: string; outbox_message_id: string }>(
  'mail_outbox_insert_delivered',
  sql`insert into ${mailOutbox} ("to", "subject", "text", "html", "outbox_message_id")
    select "m"."to", "m"."subject", "m"."text", "m"."html", "m"."outbox_message_id"
    from jsonb_to_recordset(${sql.placeholder('mails')}::jsonb) as "m"
      ("at" int, "to" text, "subject" text, "text" text, "html" text, "outbox_message_id" uuid)
    order by "m"."at"
    on conflict ("outbox_message_id") do nothing
    returning "id", "outbox_message_id"`,
);

const byOutboxMessages = preparedStatement('mail_outbox_by_messages', (ex, name) =>
  ex
    .select({ id: mailOutbox.id, outbox_message_id: mailOutbox.outbox_message_id })
    .from(mailOutbox)
    .where(sql`${mailOutbox.outbox_message_id} = any(${jsonList('ids', 'uuid')})`)
    .prepare(name),
);

interface Delivered {
  message: MailMessage;
  outboxMessageId: string;
}

export function createMailOutboxRepository(db: Database) {
  /** Every delivery of one turn (the outbox's lanes run side by side) in one insert. */
  const storeDelivered = turnBatch<Delivered, { id: string }>(async (mails) => {
    const { rows: inserted } = await insertDelivered.run(db, {
      mails: jsonRows(mails, ({ message, outboxMessageId }) => ({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        outbox_message_id: outboxMessageId,
      })),
    });
    const stored = new Map(inserted.map((row) => [row.outbox_message_id, row.id]));
    const repeated = mails.filter(({ outboxMessageId }) => !stored.has(outboxMessageId));
    if (repeated.length > 0) {
      const ids = JSON.stringify(repeated.map(({ outboxMessageId }) => outboxMessageId));
      for (const row of await byOutboxMessages.run(db, { ids })) {
        if (row.outbox_message_id) stored.set(row.outbox_message_id, row.id);
      }
    }
    return mails.map(({ outboxMessageId }) => {
      const id = stored.get(outboxMessageId);
      if (!id) throw new Error('mail_outbox insert returned no row');
      return { id };
    });
  });

  return {
    /** Stores a mail; given the outbox message it delivers, once however often it is delivered. */
    async insert(message: MailMessage, outboxMessageId?: string): Promise<{ id: string }> {
      if (outboxMessageId) return storeDelivered({ message, outboxMessageId });
      const [row] = await insertOne.run(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      if (!row) throw new Error('mail_outbox insert returned no row');
      return row;
    },

    /** Newest first; the id breaks ties between rows written in the same microsecond. */
    listNewestFirst(limit: number = MAILBOX_LIST_LIMIT) {
      return db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
          created_at: mailOutbox.created_at,
        })
        .from(mailOutbox)
        .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
        .limit(limit);
    },
  };
}

export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
export type OutboxRow = Awaited<ReturnType<MailOutboxRepository['listNewestFirst']>>[number];
