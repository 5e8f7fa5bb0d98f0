import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../db/executor.ts';
import { preparedSql, preparedStatement } from '../db/prepared-statements.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { jsonRows } from '../db/json-lists.ts';

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

/*
 * A group's statements (docs/decisions/0058-grouped-requests.md) take their lists as one JSON
 * text each, so their texts are one whatever the group's size and they are prepared once a
 * connection (docs/decisions/0052-statements-prepared-in-transactions.md).
 */

/** Try-locks in the order given, answered in that order. */
const tryLockManyStatement = preparedSql<{ locked: boolean }>(
  'idempotency_try_lock_many',
  sql`select pg_try_advisory_xact_lock(hashtextextended("k"."name", 0)) as "locked"
    from jsonb_array_elements_text(${sql.placeholder('names')}::jsonb) with ordinality
      as "k" ("name", "at")
    order by "k"."at"`,
);

/** The keys' rows: `(customer_id, key)` pairs, as a set PostgreSQL joins to the primary key. */
const groupKeys = sql`(${idempotencyKeys.customer_id}, ${idempotencyKeys.key}) in (
  select "g"."customer", "g"."key"
  from jsonb_to_recordset(${sql.placeholder('keys')}::jsonb) as "g" ("customer" uuid, "key" text))`;

/**
 * The use case's locks (in the order given, each once: the caller sorts them), then each key's
 * stored answer: the aggregate takes every lock before the join reads a row, and the left joins
 * keep a row for each key, so the locks are taken whether any key has an answer or not. Each key
 * is looked up by itself, a `limit 1` lateral subquery (a primary-key probe): joined as a set,
 * the keys' 100 rows estimated against a table that was empty when the generic plan was made
 * gave a hash join over a sequential scan of every stored answer (docs/performance.md, twelfth
 * session).
 */
const storedManyStatement = preparedStatement('idempotency_stored_many', (ex, name) => {
  const found = ex
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.customer_id, sql`"g"."customer"`),
        eq(idempotencyKeys.key, sql`"g"."key"`),
      ),
    )
    .limit(1)
    .as('found');
  const stored = {
    customer_id: found.customer_id,
    key: found.key,
    request_hash: found.request_hash,
    response_status: found.response_status,
    response_content_type: found.response_content_type,
    response_body: found.response_body,
    created_at: found.created_at,
    expires_at: found.expires_at,
  };
  return ex
    .select({ stored })
    .from(
      sql`(select count(${advisoryLockSql(sql`"l"."name"`)}) as "taken"
        from jsonb_array_elements_text(${sql.placeholder('locks')}::jsonb) as "l" ("name"))
        as "use_case_locks"`,
    )
    .leftJoin(
      sql`jsonb_to_recordset(${sql.placeholder('keys')}::jsonb) as "g" ("customer" uuid, "key" text)`,
      sql`true`,
    )
    .leftJoinLateral(found, sql`true`)
    .prepare(name);
});

const deleteManyStatement = preparedStatement('idempotency_delete_many', (ex, name) =>
  ex.delete(idempotencyKeys).where(groupKeys).prepare(name),
);

/**
 * Between the bodies of `storeManyStatement`'s `bodies` (the ASCII record separator). A JSON
 * answer never holds it raw (JSON escapes control characters); a body that does is stored alone.
 */
const BODY_SEPARATOR = '\u001e';

const storeManyStatement = preparedSql(
  'idempotency_store_many',
  // The bodies travel apart from the JSON rows, joined by BODY_SEPARATOR, each marked `v` (a
  // body) or `n` (none): a 10–20 KB answer inside a JSON row was escaped by JSON.stringify and
  // parsed again by PostgreSQL, about 0.25 ms of the server's CPU a transfer in the escaping
  // alone (docs/performance.md, fourteenth session). The marker keeps every part non-empty, so
  // `string_to_array` answers one part a row.
  sql`insert into "idempotency_keys" ("customer_id", "key", "request_hash", "response_status",
      "response_content_type", "response_body", "created_at", "expires_at")
    select "a"."customer_id", "a"."key", "a"."request_hash", "a"."response_status",
      "a"."response_content_type",
      case when left("b"."part", 1) = 'v' then substr("b"."part", 2) end,
      "a"."created_at", "a"."expires_at"
    from jsonb_to_recordset(${sql.placeholder('answers')}::jsonb) as "a"
      ("at" int, "customer_id" uuid, "key" text, "request_hash" text, "response_status" smallint,
       "response_content_type" text, "created_at" timestamptz, "expires_at" timestamptz)
    join unnest(string_to_array(${sql.placeholder('bodies')}::text, chr(30)))
      with ordinality as "b" ("part", "n") on "b"."n" = "a"."at" + 1
    order by "a"."at"`,
);

const keysJson = (keys: readonly CustomerKey[]) =>
  JSON.stringify(keys.map(({ customer, key }) => ({ customer, key })));

/**
 * A group's keys try-locked in ONE statement (docs/decisions/0058-grouped-requests.md): whether
 * each was taken, in order. Try-locks never wait, so the order they are taken in cannot deadlock.
 */
export async function tryLockMany(tx: Tx, keys: readonly CustomerKey[]): Promise<boolean[]> {
  if (keys.length === 0) return [];
  const result = await tryLockManyStatement.run(tx, { names: JSON.stringify(keys.map(lockName)) });
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
  const found = await storedManyStatement.run(tx, {
    keys: keysJson(keys),
    locks: JSON.stringify([...new Set(locks)].sort()),
  });
  const rows = found.flatMap(({ stored }) => (stored ? [stored] : []));
  return new Map(rows.map((row) => [`${row.customer_id}:${row.key}`, row]));
}

/** Expired answers of a group's keys deleted in one statement (their keys are used afresh). */
export async function deleteStoredMany(tx: Tx, keys: readonly CustomerKey[]): Promise<void> {
  if (keys.length === 0) return;
  await deleteManyStatement.run(tx, { keys: keysJson(keys) });
}

/** A group's answers stored in one insert, in the transaction of their effects. */
export async function storeAnswers(tx: Tx, answers: readonly StoredAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  if (answers.some((answer) => answer.response_body?.includes(BODY_SEPARATOR))) {
    // Not a JSON body: stored one by one, as a request alone stores it.
    for (const answer of answers) await storeAnswer(tx, answer);
    return;
  }
  await storeManyStatement.run(tx, {
    answers: jsonRows(answers, (answer) => ({
      customer_id: answer.customer_id,
      key: answer.key,
      request_hash: answer.request_hash,
      response_status: answer.response_status,
      response_content_type: answer.response_content_type ?? null,
      created_at: answer.created_at.toISOString(),
      expires_at: answer.expires_at.toISOString(),
    })),
    bodies: answers
      .map(({ response_body: body }) => (typeof body === 'string' ? `v${body}` : 'n'))
      .join(BODY_SEPARATOR),
  });
}
