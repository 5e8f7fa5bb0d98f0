import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A row as one JSON value, so a query can bring another table's rows beside its own in the same
 * statement (a correlated subquery per part) instead of one round trip per table. The columns
 * stay their owner's: its module builds the JSON and reads it back (docs/decisions/0030).
 */

type Columns = Record<string, Column>;

/** What `columns` read as, their nullability kept. */
export type JsonRowOf<C extends Columns> = {
  [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null;
};

/** `json_build_object('key', "table"."column", …)`: the row's columns under their field names. */
export function jsonObjectOf(columns: Columns): SQL<unknown> {
  // Field names are identifiers of our own code, never input: safe as literals.
  const pairs = Object.entries(columns).map(
    ([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`,
  );
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The row `jsonObjectOf(columns)` built, its values mapped as drizzle maps the column's (a
 * timestamp's ISO text becomes a Date).
 */
export function rowFromJson<C extends Columns>(columns: C, json: unknown): JsonRowOf<C> {
  if (json === null || typeof json !== 'object') throw new Error('a JSON row is not an object');
  const values = json as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = values[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as JsonRowOf<C>;
}

/**
 * What was made of the last JSON text read for each key, reused while the text read is the same:
 * a row read on every request (an uncached signed-in read) is decoded, and what is made of it
 * (its answer) made, once per change rather than once per request. Nothing is trusted that was
 * not just read: the text is compared whole. At most `limit` keys are kept, the oldest dropped.
 */
export function createTextMemo<T>(
  limit: number,
  decode: (text: string) => T,
): (key: string, text: string) => T {
  const kept = new Map<string, { text: string; value: T }>();
  return (key, text) => {
    const known = kept.get(key);
    if (known?.text === text) return known.value;
    const value = decode(text);
    kept.delete(key);
    kept.set(key, { text, value });
    if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    return value;
  };
}
