import { sql, type SQL } from 'drizzle-orm';

/**
 * Lists that travel as ONE value, a JSON text in a placeholder, so a set-based statement's text
 * is the same whatever the length of its lists and it is prepared once a connection
 * (docs/decisions/0052-statements-prepared-in-transactions.md).
 */

/**
 * `array(…)` of the JSON list in placeholder `name`, each element cast to `type`: compare with
 * `= any(…)`. An array rather than a set (`in (select …)`): PostgreSQL then takes the column's
 * index, where a set-returning function, planned at its default 100 rows, led it to scan the
 * table (docs/decisions/0055-ledger-accounts-locked-first.md).
 */
export function jsonList(name: string, type: 'uuid' | 'text'): SQL {
  return sql`array(select jsonb_array_elements_text(${sql.placeholder(name)}::jsonb)::${sql.raw(type)})`;
}

/**
 * `list` as one JSON text of rows for `jsonb_to_recordset`, each row with `at`, its place in the
 * list: a set-based insert orders by it, so rows are written (and their sequences drawn) in the
 * order given.
 */
export function jsonRows<T>(list: readonly T[], toRow: (item: T) => object): string {
  return JSON.stringify(list.map((item, at) => ({ at, ...toRow(item) })));
}
