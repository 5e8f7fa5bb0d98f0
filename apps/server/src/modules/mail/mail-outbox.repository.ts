import { desc } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { mailOutbox } from '../../db/schema.ts';
import type { MailMessage } from './mail-port.ts';

/** The dev mailbox shows this many; older rows stay in the table but are not listed. */
export const MAILBOX_LIST_LIMIT = 100;

export function createMailOutboxRepository(db: Database) {
  return {
    async insert(message: MailMessage): Promise<{ id: string; created_at: Date }> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .returning({ id: mailOutbox.id, created_at: mailOutbox.created_at });
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
