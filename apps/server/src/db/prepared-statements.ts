import type { SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Executor } from './executor.ts';

/**
 * Statements built once and sent by name on whichever executor runs them, the database or a
 * transaction (docs/decisions/0052-statements-prepared-in-transactions.md). drizzle's
 * `.prepare(name)` binds a statement to one session's connection (the pool, or one
 * transaction's client), so a statement prepared on the pool cannot run in a transaction, and
 * one built in a transaction was built again on every call (docs/decisions/0051-cheaper-confirm-statements.md).
 * Here a statement is prepared once per CONNECTION instead: node-postgres's pooled clients
 * outlive the transactions that borrow them, so after the first call on a client its statement
 * is neither built (drizzle's CPU) nor parsed and planned (PostgreSQL's). drizzle's own prepared
 * query executes it, so its column decoders map the rows exactly as a built statement's are, and
 * the database's logger (the statement observer) sees every call. On PGlite each transaction is
 * its own client, so a statement is built once per transaction there, and the name is unused.
 */

/** What `.prepare(name)` answers on drizzle's select, insert, update and delete builders. */
type Prepared<TResult> = PgPreparedQuery<PreparedQueryConfig & { execute: TResult }>;

/** Placeholder values by name (`sql.placeholder(name)` in the statement). */
export type StatementValues = Record<string, unknown>;

export interface PreparedStatement<TResult> {
  readonly name: string;
  run(ex: Executor, values?: StatementValues): Promise<TResult>;
}

/**
 * The connection an executor sends its statements on, as the key of its prepared statements.
 * drizzle INTERNAL (0.45.4): the executor's session (`ex._.session`, public) keeps its driver
 * client in the private `client` field
 * (NodePgSession: the pg.Pool, or the PoolClient of a transaction; PgliteSession: the PGlite
 * instance, or the transaction's). prepared-statements.test.ts fails if that changes; without
 * it statements are still correct, only built on every call.
 */
export function connectionOf(ex: Executor): object | undefined {
  const client: unknown = (ex._.session as unknown as { client?: unknown }).client;
  return typeof client === 'object' && client !== null ? client : undefined;
}

/** A name is one text on every connection: PostgreSQL refuses a second text under a name. */
const textsByName = new Map<string, string>();

function claimName(name: string, text: string): void {
  const known = textsByName.get(name);
  if (known === undefined) textsByName.set(name, text);
  else if (known !== text) {
    throw new Error(`prepared statement "${name}" already names another statement`);
  }
}

/**
 * How PostgreSQL plans a statement. `'cached'` (the default): sent by name, parsed once a
 * connection, and after five calls planned once for all values (a generic plan). `'each call'`:
 * sent as the unnamed statement, parsed and planned on every call with its values and the tables
 * as they are then (docs/decisions/0061-batch-statements-planned-each-call.md): for a statement
 * that runs once a BATCH, whose planning is paid per batch, not per transfer, and whose generic
 * plan, made while the tables were small (a new database), would scan them for good. drizzle's
 * query is still made once a connection.
 */
export type Planning = 'cached' | 'each call';

/** The unnamed statement's name (the protocol's empty name): node-postgres parses it on every call. */
const UNNAMED = '';

/**
 * A statement whose text is the same on every call (its values are `sql.placeholder`s), built
 * by `build` the first time a connection runs it: `(ex, name) => ex.select()….prepare(name)`.
 */
export function preparedStatement<TResult>(
  name: string,
  build: (ex: Executor, name: string) => Prepared<TResult>,
  planning: Planning = 'cached',
): PreparedStatement<TResult> {
  const byConnection = new WeakMap<object, Prepared<TResult>>();
  const sentAs = planning === 'cached' ? name : UNNAMED;
  return {
    name,
    async run(ex, values = {}) {
      const connection = connectionOf(ex);
      if (connection === undefined) return build(ex, sentAs).execute(values);
      let prepared = byConnection.get(connection);
      if (prepared === undefined) {
        prepared = build(ex, sentAs);
        claimName(name, prepared.getQuery().sql);
        byConnection.set(connection, prepared);
      }
      return prepared.execute(values);
    },
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder`s) prepared the same way; it answers the driver's
 * rows, as `ex.execute` does, with no column decoders. A statement that embeds a builder (an
 * insert with its column encoders, as a CTE) is given as `(ex) => sql`…``, made on the first
 * run of each connection like `preparedStatement`'s.
 */
export function preparedSql<TRow>(
  name: string,
  statement: SQL | ((ex: Executor) => SQL),
  planning: Planning = 'cached',
): PreparedStatement<{ rows: TRow[] }> {
  const fixed = typeof statement === 'function' ? undefined : dialect.sqlToQuery(statement);
  const queryOf = (ex: Executor) =>
    fixed ?? dialect.sqlToQuery(typeof statement === 'function' ? statement(ex) : statement);
  return preparedStatement<{ rows: TRow[] }>(
    name,
    (ex, statementName) =>
      ex._.session.prepareQuery<PreparedQueryConfig & { execute: { rows: TRow[] } }>(
        queryOf(ex),
        undefined,
        statementName,
        false,
      ),
    planning,
  );
}
