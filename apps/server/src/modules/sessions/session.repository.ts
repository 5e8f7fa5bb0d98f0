import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import type { SessionCompanion } from './session-companion.ts';
import { sessions } from './sessions.schema.ts';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

/** Sessions. Writes run on the use case's executor; the per-request lookup is prepared once on `db`. */
export function createSessionRepository(db: Database) {
  /** Sessions that still authenticate at `now` (not ended, not past their absolute lifetime). */
  const live = (now: Date) => and(isNull(sessions.ended_at), gt(sessions.expires_at, now));
  const liveByHash = and(
    eq(sessions.secret_hash, sql.placeholder('hash')),
    isNull(sessions.ended_at),
    gt(sessions.expires_at, sql.placeholder('now')),
  );
  // Runs on every authenticated request: prepared once.
  const bySecretHash = db
    .select()
    .from(sessions)
    .where(liveByHash)
    .prepare('session_by_secret_hash');
  // The same with a companion's value beside the row (decision 45), prepared on first use.
  const withCompanion = new WeakMap<SessionCompanion<unknown>, ReturnType<typeof prepareWith>>();
  let companions = 0;
  function prepareWith(companion: SessionCompanion<unknown>) {
    companions += 1;
    return db
      .select({ ...getTableColumns(sessions), along: companion.sql(sql`${sessions.customer_id}`) })
      .from(sessions)
      .where(liveByHash)
      .prepare(`session_by_secret_hash_with_${companions}`);
  }

  return {
    async insert(ex: Executor, values: NewSession): Promise<SessionRow> {
      const [row] = await ex.insert(sessions).values(values).returning();
      if (!row) throw new Error('session insert returned nothing');
      return row;
    },
    async findLiveBySecretHash(secretHash: string, now: Date): Promise<SessionRow | undefined> {
      // The one read outside a use case: every authenticated request, on a prepared statement.
      const [row] = await bySecretHash.execute({ hash: secretHash, now });
      return row;
    },
    /**
     * The live session behind `secretHash` with `companion`'s value for its customer, read in
     * the same statement.
     */
    async findLiveBySecretHashWith<T>(
      secretHash: string,
      now: Date,
      companion: SessionCompanion<T>,
    ): Promise<{ row: SessionRow; along: T } | undefined> {
      let prepared = withCompanion.get(companion);
      if (!prepared) {
        prepared = prepareWith(companion);
        withCompanion.set(companion, prepared);
      }
      const [found] = await prepared.execute({ hash: secretHash, now, ...companion.values() });
      if (!found) return undefined;
      const { along, ...row } = found;
      return { row, along: companion.decode(row.customer_id, along) };
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
