import { and, asc, eq, gt, isNull, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../db/executor.ts';
import type { JsonObject } from '../db/columns.ts';
import { outboxMessages as outbox } from './outbox.schema.ts';

export type OutboxRow = typeof outbox.$inferSelect;

export interface NewOutboxRow {
  id: string;
  aggregateType: string;
  aggregateId: string;
  kind: string;
  payload: JsonObject;
  createdAt: Date;
}

const pending = and(isNull(outbox.dispatched_at), isNull(outbox.failed_at));

/** SQL on `outbox_messages` (schema.ts); the executor is the caller's. */
export const outboxRepository = {
  async insert(ex: Executor, row: NewOutboxRow): Promise<void> {
    await ex.insert(outbox).values({
      id: row.id,
      aggregate_type: row.aggregateType,
      aggregate_id: row.aggregateId,
      kind: row.kind,
      payload: row.payload,
      created_at: row.createdAt,
      next_attempt_at: row.createdAt,
    });
  },

  /**
   * The first undelivered message of each aggregate, among those whose turn has come: an
   * aggregate whose first message waits for a retry is left out whole, so its order holds.
   */
  dueHeads(ex: Executor, now: Date, limit: number): Promise<OutboxRow[]> {
    const heads = ex
      .selectDistinctOn([outbox.aggregate_type, outbox.aggregate_id])
      .from(outbox)
      .where(pending)
      .orderBy(outbox.aggregate_type, outbox.aggregate_id, outbox.sequence)
      .as('heads');
    return ex
      .select()
      .from(heads)
      .where(lte(heads.next_attempt_at, now))
      .orderBy(asc(heads.sequence))
      .limit(limit);
  },

  /** The first undelivered message of one aggregate. */
  async headOf(
    ex: Executor,
    aggregateType: string,
    aggregateId: string,
  ): Promise<OutboxRow | undefined> {
    const [row] = await ex
      .select()
      .from(outbox)
      .where(
        and(
          pending,
          eq(outbox.aggregate_type, aggregateType),
          eq(outbox.aggregate_id, aggregateId),
        ),
      )
      .orderBy(asc(outbox.sequence))
      .limit(1);
    return row;
  },

  async markDispatched(ex: Executor, id: string, at: Date): Promise<void> {
    await ex
      .update(outbox)
      .set({ dispatched_at: at, attempts: sql`${outbox.attempts} + 1` })
      .where(eq(outbox.id, id));
  },

  async markFailed(
    ex: Executor,
    id: string,
    failure: { attempts: number; lastError: string; nextAttemptAt: Date; failedAt: Date | null },
  ): Promise<void> {
    await ex
      .update(outbox)
      .set({
        attempts: failure.attempts,
        last_error: failure.lastError,
        next_attempt_at: failure.nextAttemptAt,
        failed_at: failure.failedAt,
      })
      .where(eq(outbox.id, id));
  },

  /** When the next retry falls due, if any message waits for one. */
  async nextRetryAt(ex: Executor, now: Date): Promise<Date | null> {
    const [row] = await ex
      .select({ at: min(outbox.next_attempt_at) })
      .from(outbox)
      .where(and(pending, gt(outbox.next_attempt_at, now)));
    return row?.at ?? null;
  },
};
