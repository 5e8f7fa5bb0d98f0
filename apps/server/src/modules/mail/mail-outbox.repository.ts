import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared-statements.ts';
import { mailOutbox } from './mail.schema.ts';
import type { MailMessage } from './mail-port.ts';

/** The dev mailbox shows this many; older rows stay in the table but are not listed. */
export const MAILBOX_LIST_LIMIT = 100;

const columns = { id: mailOutbox.id, created_at: mailOutbox.created_at };

/**
 * Every mail a transfer sends is stored by this statement (the outbox mail driver): prepared once
 * a connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
const insertOne = preparedStatement('mail_outbox_insert', (ex, name) =>
  ex
    .insert(mailOutbox)
    .values({
      to: sql.placeholder('to'),
      subject: sql.placeholder('subject'),
      text: sql.placeholder('text'),
      html: sql.placeholder('html'),
      outbox_message_id: sql.placeholder('outbox_message_id'),
    })
    .onConflictDoNothing({ target: mailOutbox.outbox_message_id })
    .returning(columns)
    .prepare(name),
);

const byOutboxMessage = preparedStatement('mail_outbox_by_message', (ex, name) =>
  ex
    .select(columns)
    .from(mailOutbox)
    .where(eq(mailOutbox.outbox_message_id, sql.placeholder('outbox_message_id')))
    .prepare(name),
);

export function createMailOutboxRepository(db: Database) {
  return {
    /** Stores a mail; given the outbox message it delivers, once however often it is delivered. */
    async insert(
      message: MailMessage,
      outboxMessageId?: string,
    ): Promise<{ id: string; created_at: Date }> {
      const [row] = await insertOne.run(db, {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        outbox_message_id: outboxMessageId ?? null,
      });
      if (row) return row;
      // A repeated delivery: the mail is already there.
      const [stored] = outboxMessageId
        ? await byOutboxMessage.run(db, { outbox_message_id: outboxMessageId })
        : [];
      if (!stored) throw new Error('mail_outbox insert returned no row');
      return stored;
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
