import { and, asc, eq, gt, inArray, isNull, lt, lte, min, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
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
const earlier = alias(outbox, 'earlier');

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
   * One round's messages, oldest first: every undelivered message whose turn has come and that
   * no earlier undelivered message of its aggregate waits in front of (a retry not due yet). So
   * each aggregate in the answer comes as a run from its head, in order, and an aggregate whose
   * head waits for a retry is left out whole. Ordered by sequence before the limit, a cut
   * aggregate keeps a run from its head too; the rest comes in the next round.
   */
  due(ex: Executor, now: Date, limit: number): Promise<OutboxRow[]> {
    const waitingInFront = ex
      .select({ one: sql`1` })
      .from(earlier)
      .where(
        and(
          eq(earlier.aggregate_type, outbox.aggregate_type),
          eq(earlier.aggregate_id, outbox.aggregate_id),
          lt(earlier.sequence, outbox.sequence),
          isNull(earlier.dispatched_at),
          isNull(earlier.failed_at),
          gt(earlier.next_attempt_at, now),
        ),
      );
    return ex
      .select()
      .from(outbox)
      .where(and(pending, lte(outbox.next_attempt_at, now), notExists(waitingInFront)))
      .orderBy(asc(outbox.sequence))
      .limit(limit);
  },

  /** Records a round's delivered messages, all in one statement. */
  async markDispatched(ex: Executor, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await ex
      .update(outbox)
      .set({ dispatched_at: at, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, [...ids]));
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
