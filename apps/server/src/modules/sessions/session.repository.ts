import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { SessionCompanion } from './session-companion.ts';
import { sessions } from './sessions.schema.ts';
import { batchedPerTurn } from './turn-batch.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** A batch's placeholders: its distinct secrets' hashes, and the earliest moment asked at. */
function lookup(asked: readonly { secretHash: string; now: Date }[]) {
  const hashes = [...new Set(asked.map((one) => one.secretHash))];
  const now = new Date(asked.reduce((least, one) => Math.min(least, one.now.getTime()), Infinity));
  return { hashes, now };
}

/** What the statement selects, at one request's own moment: not ended (selected), not expired. */
const liveAt = (row: SessionRow, now: Date) => row.expires_at.getTime() > now.getTime();

/**
 * Companions prepared so far in this process: each statement's name is its own across every
 * repository, as a connection of a shared pool keeps one text per name (two repositories on one
 * pool, each numbering its own, failed each other's reads on PostgreSQL).
 */
let companions = 0;

/** Sessions. Writes run on the use case's executor; the per-request lookup is prepared once on `db`. */
export function createSessionRepository(db: Database) {
  /** Sessions that still authenticate at `now` (not ended, not past their absolute lifetime). */
  const live = (now: Date) => and(isNull(sessions.ended_at), gt(sessions.expires_at, now));
  // Runs on every authenticated request that misses the session cache: prepared once, and
  // asked for the secrets of every request of one turn of the event loop at once
  // (docs/decisions/0053-session-reads-batched-per-turn.md). The earliest `now` of the batch
  // selects; each request then applies its own.
  const liveByHashes = and(
    sql`${sessions.secret_hash} = any(${sql.placeholder('hashes')}::text[])`,
    isNull(sessions.ended_at),
    gt(sessions.expires_at, sql.placeholder('now')),
  );
  const bySecretHashes = db
    .select()
    .from(sessions)
    .where(liveByHashes)
    .prepare('sessions_by_secret_hashes');
  // The same with a companion's value beside each row (decision 45), prepared on first use.
  const withCompanion = new WeakMap<
    SessionCompanion<unknown>,
    (asked: {
      secretHash: string;
      now: Date;
    }) => Promise<{ row: SessionRow; along: unknown } | undefined>
  >();
  function batchedWith(companion: SessionCompanion<unknown>) {
    companions += 1;
    const prepared = db
      .select({ ...getTableColumns(sessions), along: companion.sql(sql`${sessions.customer_id}`) })
      .from(sessions)
      .where(liveByHashes)
      .prepare(`sessions_by_secret_hashes_with_${companions}`);
    return batchedPerTurn(async (asked: readonly { secretHash: string; now: Date }[]) => {
      const found = await prepared.execute({
        ...lookup(asked),
        ...companion.values(),
      });
      const byHash = new Map<string, { row: SessionRow; along: unknown }>();
      for (const { along, ...row } of found) {
        byHash.set(row.secret_hash, { row, along: companion.decode(row.customer_id, along) });
      }
      return asked.map(({ secretHash, now }) => {
        const hit = byHash.get(secretHash);
        return hit && liveAt(hit.row, now) ? hit : undefined;
      });
    });
  }
  const bySecretHash = batchedPerTurn(
    async (asked: readonly { secretHash: string; now: Date }[]) => {
      const rows = await bySecretHashes.execute(lookup(asked));
      const byHash = new Map(rows.map((row) => [row.secret_hash, row]));
      return asked.map(({ secretHash, now }) => {
        const row = byHash.get(secretHash);
        return row && liveAt(row, now) ? row : undefined;
      });
    },
  );

  return {
    async insert(ex: Executor, values: NewSession): Promise<SessionRow> {
      const [row] = await ex.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    /**
     * The live session behind `secretHash` at `now`: the one read outside a use case, on every
     * authenticated request that misses the session cache (batched per turn, above).
     */
    findLiveBySecretHash: (secretHash: string, now: Date): Promise<SessionRow | undefined> =>
      bySecretHash({ secretHash, now }),
    /**
     * The live session behind `secretHash` with `companion`'s value for its customer, read in
     * the same statement.
     */
    async findLiveBySecretHashWith<T>(
      secretHash: string,
      now: Date,
      companion: SessionCompanion<T>,
    ): Promise<{ row: SessionRow; along: T } | undefined> {
      let batched = withCompanion.get(companion);
      if (!batched) {
        batched = batchedWith(companion);
        withCompanion.set(companion, batched);
      }
      return (await batched({ secretHash, now })) as { row: SessionRow; along: T } | undefined;
    },
    async touch(ex: Executor, id: string, now: Date): Promise<void> {
      await ex.update(sessions).set({ touched_at: now }).where(eq(sessions.id, id));
    },
    async update(ex: Executor, id: string, values: Partial<NewSession>): Promise<SessionRow> {
      const [row] = await ex.update(sessions).set(values).where(eq(sessions.id, id)).returning();
      if (!row) throw new Error('session update found no row');
      return row;
    },
    async end(ex: Executor, id: string, now: Date): Promise<void> {
      await ex
        .update(sessions)
        .set({ ended_at: now, updated_at: now })
        .where(and(eq(sessions.id, id), isNull(sessions.ended_at)));
    },
    /** Ends every session of a customer, or every other one when `exceptId` is given. */
    async endAllForCustomer(
      ex: Executor,
      customerId: string,
      now: Date,
      exceptId?: string,
    ): Promise<string[]> {
      const rows = await ex
        .update(sessions)
        .set({ ended_at: now, updated_at: now })
        .where(
          and(
            eq(sessions.customer_id, customerId),
            isNull(sessions.ended_at),
            exceptId ? ne(sessions.id, exceptId) : sql`true`,
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },
    /** What decides whether each of `ids` still authenticates. */
    async findStates(ex: Executor, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return ex
        .select({
          id: sessions.id,
          customer_id: sessions.customer_id,
          ended_at: sessions.ended_at,
          expires_at: sessions.expires_at,
          touched_at: sessions.touched_at,
        })
        .from(sessions)
        .where(inArray(sessions.id, [...ids]));
    },
    /**
     * One page of the customer's live sessions, `firstId` (the one asking) first and then the
     * most recently used, and how many there are.
     */
    async pageLiveForCustomer(
      ex: Executor,
      customerId: string,
      window: { now: Date; idleSince: Date; firstId: string },
      page: { limit: number; offset: number },
    ) {
      const where = and(
        eq(sessions.customer_id, customerId),
        live(window.now),
        gt(sessions.touched_at, window.idleSince),
      );
      const [rows, [counted]] = await Promise.all([
        ex
          .select()
          .from(sessions)
          .where(where)
          .orderBy(
            desc(sql`${sessions.id} = ${window.firstId}`),
            desc(sessions.touched_at),
            desc(sessions.id),
          )
          .limit(page.limit)
          .offset(page.offset),
        ex.select({ total: count() }).from(sessions).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },
    /**
     * Ends every session of the customer that is still in use (live, not idle) but `keepId`,
     * and returns their ids.
     */
    async endOthersInUse(
      ex: Executor,
      customerId: string,
      keepId: string,
      window: { now: Date; idleSince: Date },
    ): Promise<string[]> {
      const rows = await ex
        .update(sessions)
        .set({ ended_at: window.now, updated_at: window.now })
        .where(
          and(
            eq(sessions.customer_id, customerId),
            ne(sessions.id, keepId),
            live(window.now),
            gt(sessions.touched_at, window.idleSince),
          ),
        )
        .returning({ id: sessions.id });
      return rows.map((row) => row.id);
    },
    async findLiveForCustomer(ex: Executor, id: string, customerId: string, now: Date) {
      const [row] = await ex
        .select()
        .from(sessions)
        .where(and(eq(sessions.id, id), eq(sessions.customer_id, customerId), live(now)));
      return row;
    },
    /** Whether this customer has signed in before from the same browser on the same system. */
    async hasEarlierFrom(
      ex: Executor,
      customerId: string,
      device: { client_name: string | null; os_name: string | null },
      exceptId: string,
    ): Promise<boolean> {
      const [row] = await ex
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.customer_id, customerId),
            ne(sessions.id, exceptId),
            sql`${sessions.client_name} is not distinct from ${device.client_name}`,
            sql`${sessions.os_name} is not distinct from ${device.os_name}`,
            eq(sessions.is_mfa_completed, true),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
