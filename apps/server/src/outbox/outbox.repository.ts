import {
  and,
  asc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/executor.ts';
import { jsonList, jsonRows } from '../db/json-lists.ts';
import { preparedSql, preparedStatement } from '../db/prepared-statements.ts';
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
/** `earlier` is a message of the same aggregate written before the outer one. */
const sameAggregateBefore = and(
  eq(earlier.aggregate_type, outbox.aggregate_type),
  eq(earlier.aggregate_id, outbox.aggregate_id),
  lt(earlier.sequence, outbox.sequence),
);

/** A new message's columns: due at once. */
const columnsOf = (row: NewOutboxRow) => ({
  id: row.id,
  aggregate_type: row.aggregateType,
  aggregate_id: row.aggregateId,
  kind: row.kind,
  payload: row.payload,
  created_at: row.createdAt,
  next_attempt_at: row.createdAt,
});

/**
 * One message, as most use cases write it in their transaction: prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md). The placeholders are `columnsOf`'s.
 */
const insertOne = preparedStatement('outbox_insert', (ex, name) =>
  ex
    .insert(outbox)
    .values({
      id: sql.placeholder('id'),
      aggregate_type: sql.placeholder('aggregate_type'),
      aggregate_id: sql.placeholder('aggregate_id'),
      kind: sql.placeholder('kind'),
      payload: sql.placeholder('payload'),
      created_at: sql.placeholder('created_at'),
      next_attempt_at: sql.placeholder('next_attempt_at'),
    })
    .prepare(name),
);

/**
 * Several messages, as a gathered use case or batched step writes them (Outbox.gather): the rows
 * travel as one JSON text, so the statement's text is the same whatever their number and it is
 * prepared once a connection (docs/decisions/0052-statements-prepared-in-transactions.md). They
 * are inserted in `at` order, so their sequence follows the order given.
 */
const insertManyStatement = preparedSql(
  'outbox_insert_many',
  sql`insert into "outbox_messages"
      ("id", "aggregate_type", "aggregate_id", "kind", "payload", "created_at", "next_attempt_at")
    select "m"."id", "m"."aggregate_type", "m"."aggregate_id", "m"."kind", "m"."payload",
      "m"."created_at", "m"."created_at"
    from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as "m"
      ("at" int, "id" uuid, "aggregate_type" text, "aggregate_id" text, "kind" text,
       "payload" jsonb, "created_at" timestamptz)
    order by "m"."at"`,
);

/** A time given as an ISO text (drizzle maps no value a placeholder takes in `sql`). */
const timeOf = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

/**
 * `not exists` over `query`, kept a subplan run once a row it filters: `offset 0` keeps
 * PostgreSQL from turning it into an anti-join, whose generic plan, made while the table was
 * empty, compared every pending message with every other (docs/performance.md, twelfth
 * session). Run once a row, its correlated conditions are an index range of
 * `outbox_messages_pending_idx`: the aggregate's earlier pending messages only.
 */
const notExistsProbed = (query: SQL) => sql`not exists (${query} offset 0)`;

/**
 * `claimDue`'s statement (its rule there), prepared once a connection: the time, the limit and
 * the lease are placeholders, so drizzle builds it once rather than every round (decision 52).
 * The candidates are read in `sequence` order from `outbox_messages_due_idx`, so the limit stops
 * the scan at the round's last message instead of reading and sorting every pending one.
 */
const claimDueStatement = preparedStatement('outbox_claim_due', (ex, name) => {
  const now = timeOf('now');
  /** An undelivered, unfailed message of the same aggregate before this one, where `also`. */
  const undoneInFront = (also: SQL | undefined) =>
    notExistsProbed(
      ex
        .select({ one: sql`1` })
        .from(earlier)
        .where(
          and(sameAggregateBefore, isNull(earlier.dispatched_at), isNull(earlier.failed_at), also),
        )
        .getSQL(),
    );
  const heldOrWaiting = or(gt(earlier.next_attempt_at, now), gt(earlier.claimed_until, now));
  const candidates = ex.$with('candidates').as(
    ex
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          pending,
          lte(outbox.next_attempt_at, now),
          or(isNull(outbox.claimed_until), lte(outbox.claimed_until, now)),
          undoneInFront(heldOrWaiting),
        ),
      )
      .orderBy(asc(outbox.sequence))
      .limit(sql.placeholder('limit'))
      .for('update', { skipLocked: true }),
  );
  const claimed = ex.select({ id: candidates.id }).from(candidates);
  return ex
    .with(candidates)
    .update(outbox)
    .set({ claimed_until: sql`${timeOf('leaseUntil')}` })
    .where(and(inArray(outbox.id, claimed), undoneInFront(notInArray(earlier.id, claimed))))
    .returning()
    .prepare(name);
});

/** `recordRound`'s statement: the ids as JSON texts, one text whatever the round (decision 52). */
const recordRoundStatement = preparedStatement('outbox_record_round', (ex, name) => {
  const delivered = sql`${outbox.id} = any(${jsonList('delivered', 'uuid')})`;
  const lease = timeOf('lease');
  return ex
    .update(outbox)
    .set({
      dispatched_at: sql`case when ${delivered} then ${timeOf('at')} else ${outbox.dispatched_at} end`,
      attempts: sql`case when ${delivered} then ${outbox.attempts} + 1 else ${outbox.attempts} end`,
      claimed_until: sql`case when ${outbox.claimed_until} = ${lease} then null else ${outbox.claimed_until} end`,
    })
    .where(sql`${outbox.id} = any(${jsonList('ids', 'uuid')})`)
    .prepare(name);
});

/** SQL on `outbox_messages` (schema.ts); the executor is the caller's. */
export const outboxRepository = {
  async insert(ex: Executor, row: NewOutboxRow): Promise<void> {
    await insertOne.run(ex, columnsOf(row));
  },

  /** Several messages in one statement, their sequence in the order given. */
  async insertMany(ex: Executor, rows: readonly NewOutboxRow[]): Promise<void> {
    if (rows.length === 0) return;
    await insertManyStatement.run(ex, {
      rows: jsonRows(rows, (row) => ({
        id: row.id,
        aggregate_type: row.aggregateType,
        aggregate_id: row.aggregateId,
        kind: row.kind,
        payload: row.payload,
        created_at: row.createdAt.toISOString(),
      })),
    });
  },

  /**
   * Claims one round's messages, in one statement, and answers them oldest first: every
   * undelivered message whose turn has come, that nobody's lease holds, and that no earlier
   * undelivered message of its aggregate waits in front of (a retry not due yet, or a message
   * another dispatcher holds). So each aggregate in the answer comes as a run from its head, in
   * order; ordered by sequence before the limit, a cut aggregate keeps a run from its head too.
   * The rows are locked `for update skip locked` (another dispatcher's statement claiming them
   * now is skipped), and only a run none of whose earlier undelivered messages was left outside
   * this claim is taken: a message whose predecessor another statement is claiming at this
   * moment stays for a later round. Each taken message gets `claimed_until = leaseUntil`
   * (decision 42).
   */
  async claimDue(ex: Executor, now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
    const rows = await claimDueStatement.run(ex, {
      now: now.toISOString(),
      limit,
      leaseUntil: leaseUntil.toISOString(),
    });
    return rows.sort((a, b) => a.sequence - b.sequence);
  },

  /**
   * Records a round, all in one statement: its delivered messages (`dispatched_at`, one more
   * attempt) and the end of its claim on every message it read. A claim is ended only while it
   * is still this round's (`leaseUntil`): one that expired and another dispatcher took is theirs.
   */
  async recordRound(
    ex: Executor,
    round: { ids: readonly string[]; deliveredIds: readonly string[]; leaseUntil: Date },
    at: Date,
  ): Promise<void> {
    if (round.ids.length === 0) return;
    await recordRoundStatement.run(ex, {
      ids: JSON.stringify(round.ids),
      delivered: JSON.stringify(round.deliveredIds),
      lease: round.leaseUntil.toISOString(),
      at: at.toISOString(),
    });
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
        // Its retry time holds the aggregate back from here, not this round's claim.
        claimed_until: null,
      })
      .where(eq(outbox.id, id));
  },

  /**
   * When the next retry falls due, or another dispatcher's claim runs out (a crashed one's
   * messages are then taken over), if any message waits for either.
   */
  async nextRetryAt(ex: Executor, now: Date): Promise<Date | null> {
    const turn = sql<Date>`greatest(${outbox.next_attempt_at}, coalesce(${outbox.claimed_until}, ${outbox.next_attempt_at}))`;
    const [row] = await ex
      .select({ at: sql<Date | string | null>`min(${turn})` })
      .from(outbox)
      .where(and(pending, sql`${turn} > ${now.toISOString()}::timestamptz`));
    return row?.at ? new Date(row.at) : null;
  },
};
