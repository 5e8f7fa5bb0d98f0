import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column helpers every table's schema shares (the tables themselves are their owners', in
 * `*.schema.ts` beside the code that owns them: docs/decisions/0030).
 */

/** `created_at` and `updated_at`, set by the database unless the use case gives its time. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A point in time, with its zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** A JSON object as jobs and outbox messages carry it. */
export type JsonObject = Record<string, unknown>;

/**
 * `'A', 'B'`: the list of a CHECK's `in (…)`, made from the TypeScript list the column's values
 * come from, so the database and the code cannot disagree on the codes.
 */
export const sqlList = (codes: readonly string[]) =>
  sql.raw(codes.map((code) => `'${code.replaceAll("'", "''")}'`).join(', '));
