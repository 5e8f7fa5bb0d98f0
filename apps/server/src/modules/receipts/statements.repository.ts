import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../db/executor.ts';
import { statements } from './statements.schema.ts';

/** The statements' table: every read names its customer, except the job's, which holds the id. */

export type StatementRow = typeof statements.$inferSelect;
export type NewStatement = Omit<StatementRow, 'content' | 'ready_at' | 'expires_at' | 'state'>;

/** What a list shows of a statement: everything but its file. */
const summary = {
  id: statements.id,
  customer_id: statements.customer_id,
  start_date: statements.start_date,
  end_date: statements.end_date,
  format: statements.format,
  currency: statements.currency,
  locale: statements.locale,
  state: statements.state,
  created_at: statements.created_at,
  ready_at: statements.ready_at,
  expires_at: statements.expires_at,
};
export type StatementSummary = Omit<StatementRow, 'content'>;

/** How many statements the list shows, newest first. */
export const STATEMENTS_LISTED = 50;

export function createStatementsRepository() {
  return {
    async insert(ex: Executor, row: NewStatement): Promise<void> {
      await ex.insert(statements).values({ ...row, state: 'PREPARING' });
    },

    async find(ex: Executor, id: string): Promise<StatementSummary | undefined> {
      const [row] = await ex.select(summary).from(statements).where(eq(statements.id, id));
      return row;
    },

    /** The customer's statement with its file, or undefined (unknown, or another's). */
    async fileOf(ex: Executor, customerId: string, id: string): Promise<StatementRow | undefined> {
      const [row] = await ex
        .select()
        .from(statements)
        .where(and(eq(statements.id, id), eq(statements.customer_id, customerId)));
      return row;
    },

    async list(ex: Executor, customerId: string): Promise<StatementSummary[]> {
      return ex
        .select(summary)
        .from(statements)
        .where(eq(statements.customer_id, customerId))
        .orderBy(desc(statements.created_at), desc(statements.id))
        .limit(STATEMENTS_LISTED);
    },

    /** PREPARING → READY with its file; false when it was not PREPARING (a repeated job). */
    async ready(
      ex: Executor,
      id: string,
      file: { content: Buffer; readyAt: Date; expiresAt: Date },
    ): Promise<boolean> {
      const rows = await ex
        .update(statements)
        .set({
          state: 'READY',
          content: file.content,
          ready_at: file.readyAt,
          expires_at: file.expiresAt,
        })
        .where(and(eq(statements.id, id), eq(statements.state, 'PREPARING')))
        .returning({ id: statements.id });
      return rows.length === 1;
    },

    /**
     * Up to `limit` READY statements past their expiry lose their file and become EXPIRED;
     * answers how many.
     */
    async purgeExpired(ex: Executor, now: Date, limit: number): Promise<number> {
      const due = ex
        .select({ id: statements.id })
        .from(statements)
        .where(and(eq(statements.state, 'READY'), lte(statements.expires_at, now)))
        .limit(limit);
      const rows = await ex
        .update(statements)
        .set({ state: 'EXPIRED', content: null })
        .where(and(inArray(statements.id, due), eq(statements.state, 'READY')))
        .returning({ id: statements.id });
      return rows.length;
    },

    async failed(ex: Executor, id: string): Promise<void> {
      await ex
        .update(statements)
        .set({ state: 'FAILED' })
        .where(and(eq(statements.id, id), eq(statements.state, 'PREPARING')));
    },
  };
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
