import { eq, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCounter } from '../test/statement-count.ts';
import { createTestDatabase } from '../test/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import type { Executor } from './executor.ts';
import { connectionOf, preparedSql, preparedStatement } from './prepared-statements.ts';

/** A table of this file's own database, with the columns whose decoders matter. */
const probes = pgTable('prepared_probes', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
});

const counter = createStatementCounter();
let database: DatabaseHandle;

beforeAll(async () => {
  // One connection: every transaction borrows the same client, as a busy pool's clients are.
  database = await createTestDatabase(counter, { poolSize: 1 });
  await database.db.execute(
    sql`create table prepared_probes (id integer primary key, at timestamptz not null, amount bigint not null)`,
  );
});
afterAll(() => database.close());

/** Counts how often each statement is built. */
function counted() {
  const builds = { insert: 0, byId: 0 };
  const insert = preparedStatement('probe_insert', (ex: Executor, name) => {
    builds.insert += 1;
    return ex
      .insert(probes)
      .values({
        id: sql.placeholder('id'),
        at: sql.placeholder('at'),
        amount: sql.placeholder('amount'),
      })
      .prepare(name);
  });
  const byId = preparedStatement('probe_by_id', (ex: Executor, name) => {
    builds.byId += 1;
    return ex
      .select()
      .from(probes)
      .where(eq(probes.id, sql.placeholder('id')))
      .prepare(name);
  });
  return { builds, insert, byId };
}

const at = new Date('2026-03-01T10:00:00.123Z');

describe('a statement prepared once', () => {
  it('runs on the transaction given, with the rows decoded as a built statement decodes them', async () => {
    const { insert, byId } = counted();
    const { db } = database;
    await expect(
      db.transaction(async (tx) => {
        await insert.run(tx, { id: 1, at, amount: 9_007_199_254_740_993n });
        // Uncommitted: only the transaction's own connection sees the row.
        const inside = await byId.run(tx, { id: 1 });
        const built = await tx.select().from(probes).where(eq(probes.id, 1));
        expect(inside).toEqual(built);
        expect(inside).toEqual([{ id: 1, at, amount: 9_007_199_254_740_993n }]);
        expect(inside[0]?.at).toBeInstanceOf(Date);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byId.run(db, { id: 1 })).toEqual([]);
  });

  it('is built once a connection, and reused by the next transaction on it', async () => {
    // drizzle internal (prepared-statements.ts): each session keeps its driver client.
    const { db } = database;
    const pool = connectionOf(db);
    expect(pool).toBeDefined();
    const { builds, insert, byId } = counted();
    await db.transaction(async (tx) => {
      expect(connectionOf(tx)).toBeDefined();
      expect(connectionOf(tx)).not.toBe(pool);
      await insert.run(tx, { id: 2, at, amount: 2n });
      await byId.run(tx, { id: 2 });
      await byId.run(tx, { id: 2 });
    });
    expect(await byId.run(db, { id: 2 })).toHaveLength(1);
    expect(await byId.run(db, { id: 2 })).toHaveLength(1);
    expect(builds).toEqual({ insert: 1, byId: 2 });

    await db.transaction(async (tx) => {
      expect(await byId.run(tx, { id: 2 })).toHaveLength(1);
    });
    // node-postgres lends the pool's one client again; a PGlite transaction is a client of its own.
    expect(builds.byId).toBe(database.kind === 'postgres' ? 2 : 3);
  });

  it('is sent by name on PostgreSQL, and the statement observer sees every run', async () => {
    const { db } = database;
    const { byId } = counted();
    const sent = await counter.during(() =>
      db.transaction(async (tx) => {
        await byId.run(tx, { id: 3 });
        await byId.run(tx, { id: 3 });
      }),
    );
    expect(sent.filter((text) => text.includes('"prepared_probes"'))).toHaveLength(2);
    if (database.kind !== 'postgres') return;
    const named = await db.transaction(async (tx) => {
      await byId.run(tx, { id: 3 });
      return tx.execute(sql`select name from pg_prepared_statements where name = 'probe_by_id'`);
    });
    expect((named as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'probe_by_id' }]);
  });

  it('answers a raw statement’s rows in a transaction', async () => {
    const locked = preparedSql<{ locked: boolean }>(
      'probe_try_lock',
      sql`select pg_try_advisory_xact_lock(hashtextextended(${sql.placeholder('name')}, 0)) as locked`,
    );
    const result = await database.db.transaction((tx) => locked.run(tx, { name: 'probe' }));
    expect(result.rows).toEqual([{ locked: true }]);
  });

  it('makes a raw statement that embeds a builder per connection, with its columns’ encoders', async () => {
    let builds = 0;
    const insertCounting = preparedSql<{ id: number; inserted: string }>(
      'probe_insert_counting',
      (ex) => {
        builds += 1;
        const inserted = ex
          .insert(probes)
          .values({
            id: sql.placeholder('id'),
            at: sql.placeholder('at'),
            amount: sql.placeholder('amount'),
          })
          .returning({ id: probes.id });
        return sql`with "inserted" as ${inserted} select "id", (select count(*) from "inserted")::text as "inserted" from "inserted"`;
      },
    );
    const { db } = database;
    const result = await db.transaction(async (tx) => {
      // A Date and a bigint: the insert's column encoders map them, as a built insert's do.
      const first = await insertCounting.run(tx, { id: 5, at, amount: 5n });
      const second = await insertCounting.run(tx, { id: 6, at, amount: 6n });
      return [...first.rows, ...second.rows];
    });
    expect(result).toEqual([
      { id: 5, inserted: '1' },
      { id: 6, inserted: '1' },
    ]);
    expect(builds).toBe(1);
    const stored = await db.select().from(probes).where(eq(probes.id, 6));
    expect(stored).toEqual([{ id: 6, at, amount: 6n }]);
  });

  it('refuses a name already given to another statement', async () => {
    const first = preparedSql('probe_clash', sql`select 1 as one`);
    const second = preparedSql('probe_clash', sql`select 2 as two`);
    await first.run(database.db);
    await expect(second.run(database.db)).rejects.toThrow(
      'prepared statement "probe_clash" already names another statement',
    );
  });
});

describe('a statement planned on each call', () => {
  /** The count of scans of each kind this transaction has made of a table so far. */
  async function scansOf(ex: Executor, table: string) {
    const result = (await ex.execute(
      sql`select seq_scan::int as "seq", idx_scan::int as "index" from pg_stat_xact_user_tables where relname = ${table}`,
    )) as unknown as { rows: { seq: number; index: number }[] };
    return result.rows[0];
  }

  it('is planned with the table as it is when it runs, not as it was when first prepared', async () => {
    const { db } = database;
    // Never analysed, as a new database's tables are, and of wide rows, as the transfers' are
    // (docs/decisions/0061-batch-statements-planned-each-call.md).
    await db.execute(
      sql`create table prepared_growing (id integer primary key, v integer not null, pad char(400) not null default '')`,
    );
    await db.execute(sql`insert into prepared_growing (id, v) values (1, 1)`);
    const byIds = preparedSql<{ v: number }>(
      'probe_growing_by_ids',
      sql`select "v" from "prepared_growing" where "id" = any(array(
        select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::integer))`,
      'each call',
    );
    // More calls than PostgreSQL makes before it keeps one plan for every call (five), while
    // the table is one row: a cached statement's plan, made now, scans it.
    for (let call = 0; call < 8; call += 1) {
      expect((await byIds.run(db, { ids: '[1]' })).rows).toEqual([{ v: 1 }]);
    }
    await db.execute(
      sql`insert into prepared_growing (id, v) select n, n from generate_series(2, 20000) as n`,
    );
    const { rows, scans } = await db.transaction(async (tx) => {
      // The backend's counts not yet reported are in the view too: what this call adds to them.
      const before = await scansOf(tx, 'prepared_growing');
      const { rows: found } = await byIds.run(tx, { ids: '[5, 7000]' });
      const after = await scansOf(tx, 'prepared_growing');
      const added =
        before && after
          ? { seq: after.seq - before.seq, index: after.index - before.index }
          : { seq: -1, index: -1 };
      return { rows: found, scans: added };
    });
    expect(rows.map((row) => row.v).sort((a, b) => a - b)).toEqual([5, 7000]);
    if (database.kind !== 'postgres') return;
    expect(scans.seq).toBe(0);
    expect(scans.index).toBeGreaterThan(0);
    const named = await db.transaction(async (tx) => {
      await byIds.run(tx, { ids: '[1]' });
      return tx.execute(
        sql`select name from pg_prepared_statements where name = 'probe_growing_by_ids'`,
      );
    });
    expect((named as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
