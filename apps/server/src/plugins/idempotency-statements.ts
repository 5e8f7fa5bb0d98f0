import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/executor.ts';
import { preparedSql, preparedStatement } from '../db/prepared-statements.ts';
import { idempotencyKeys } from './idempotency.schema.ts';

/** The SQL of idempotency.ts on `idempotency_keys` and the keys' advisory locks. */

/**
 * Only one transaction at a time holds a customer's key, in any process: a transaction-scoped
 * advisory lock, taken without waiting, so a request that finds it held is answered 409 at once,
 * and a crash releases it with the transaction. Every keyed request runs this statement and the
 * two below in its transaction: each is prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md).
 */
const tryLockStatement = preparedSql<{ locked: boolean }>(
  'idempotency_try_lock',
  sql`select pg_try_advisory_xact_lock(hashtextextended(${sql.placeholder('name')}, 0)) as locked`,
);

export async function tryLock(tx: Tx, customerId: string, key: string): Promise<boolean> {
  const result = await tryLockStatement.run(tx, { name: `idempotency:${customerId}:${key}` });
  return result.rows[0]?.locked === true;
}

/** The use case's advisory lock, transaction-scoped, by name (the same hash confirm uses). */
export const advisoryLockSql = (name: string | Placeholder | SQL) =>
  sql`pg_advisory_xact_lock(hashtextextended(${name}, 0))`;

const matchesKey = and(
  eq(idempotencyKeys.customer_id, sql.placeholder('customer')),
  eq(idempotencyKeys.key, sql.placeholder('key')),
);

const storedStatement = preparedStatement('idempotency_stored', (ex, name) =>
  ex.select().from(idempotencyKeys).where(matchesKey).prepare(name),
);

const storedLockingStatement = preparedStatement('idempotency_stored_locking', (ex, name) =>
  ex
    .select({ stored: getTableColumns(idempotencyKeys) })
    .from(sql`(select ${advisoryLockSql(sql.placeholder('lock'))}) as use_case_lock`)
    .leftJoin(idempotencyKeys, matchesKey)
    .prepare(name),
);

const storeStatement = preparedStatement('idempotency_store', (ex, name) =>
  ex
    .insert(idempotencyKeys)
    .values({
      customer_id: sql.placeholder('customer_id'),
      key: sql.placeholder('key'),
      request_hash: sql.placeholder('request_hash'),
      response_status: sql.placeholder('response_status'),
      response_content_type: sql.placeholder('response_content_type'),
      response_body: sql.placeholder('response_body'),
      created_at: sql.placeholder('created_at'),
      expires_at: sql.placeholder('expires_at'),
    })
    .prepare(name),
);

/**
 * The key's stored answer, if any; with `lock`, that lock is taken in the same statement (the
 * one-row subquery is always evaluated, whether the key has a row or not). The key's own lock is
 * already held, so the statement's snapshot sees every answer stored with the key.
 */
export const findStored = async (ex: Executor, customer: string, key: string, lock?: string) => {
  if (lock === undefined) {
    const [row] = await storedStatement.run(ex, { customer, key });
    return row;
  }
  const [found] = await storedLockingStatement.run(ex, { customer, key, lock });
  return found?.stored ?? undefined;
};

export type StoredAnswer = typeof idempotencyKeys.$inferInsert;

/** The answer stored with its key, in the transaction of its effect. */
export async function storeAnswer(tx: Tx, answer: StoredAnswer): Promise<void> {
  await storeStatement.run(tx, answer);
}

/** A customer's key, as a group of requests names it. */
export interface CustomerKey {
  customer: string;
  key: string;
}

const lockName = ({ customer, key }: CustomerKey) => `idempotency:${customer}:${key}`;

/**
 * A group's keys try-locked in ONE statement (docs/decisions/0058-grouped-requests.md): whether
 * each was taken, in order. Try-locks never wait, so the order they are taken in cannot deadlock.
 */
export async function tryLockMany(tx: Tx, keys: readonly CustomerKey[]): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const names = sql.join(
    keys.map((owner, index) => sql`(${lockName(owner)}::text, ${index}::int)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    select pg_try_advisory_xact_lock(hashtextextended("k"."name", 0)) as "locked"
    from (values ${names}) as "k" ("name", "at") order by "k"."at"`)) as unknown as {
    rows: { locked: boolean }[];
  };
  return result.rows.map((row) => row.locked === true);
}

/**
 * The stored answers of a group's keys in one statement, by `customer:key`. Taken after the
 * keys' locks, in a statement of its own, for the reason `findStored` is. With `locks` (the use
 * case's advisory locks, each once and in sorted order, so two groups never wait crosswise),
 * those are taken in the same statement, as `findStored` takes one.
 */
export async function findStoredMany(
  tx: Tx,
  keys: readonly CustomerKey[],
  locks: readonly string[] = [],
): Promise<Map<string, typeof idempotencyKeys.$inferSelect>> {
  if (keys.length === 0) return new Map();
  const pairs = sql.join(
    keys.map(({ customer, key }) => sql`(${customer}::uuid, ${key}::text)`),
    sql`, `,
  );
  const matches = sql`(${idempotencyKeys.customer_id}, ${idempotencyKeys.key}) in (${pairs})`;
  let rows: (typeof idempotencyKeys.$inferSelect)[];
  if (locks.length === 0) {
    rows = await tx.select().from(idempotencyKeys).where(matches);
  } else {
    const names = sql.join(
      [...new Set(locks)].sort().map((name) => sql`(${name}::text)`),
      sql`, `,
    );
    // The aggregate takes every lock, in the values' order, before the join reads a row.
    const found = await tx
      .select({ stored: getTableColumns(idempotencyKeys) })
      .from(
        sql`(select count(${advisoryLockSql(sql`"l"."name"`)}) as "taken" from (values ${names}) as "l" ("name")) as "use_case_locks"`,
      )
      .leftJoin(idempotencyKeys, matches);
    rows = found.flatMap(({ stored }) => (stored ? [stored] : []));
  }
  return new Map(rows.map((row) => [`${row.customer_id}:${row.key}`, row]));
}

/** Expired answers of a group's keys deleted in one statement (their keys are used afresh). */
export async function deleteStoredMany(tx: Tx, keys: readonly CustomerKey[]): Promise<void> {
  if (keys.length === 0) return;
  const pairs = sql.join(
    keys.map(({ customer, key }) => sql`(${customer}::uuid, ${key}::text)`),
    sql`, `,
  );
  await tx
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.customer_id}, ${idempotencyKeys.key}) in (${pairs})`);
}

/** A group's answers stored in one insert, in the transaction of their effects. */
export async function storeAnswers(tx: Tx, answers: readonly StoredAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  await tx.insert(idempotencyKeys).values([...answers]);
}
