import type { Database } from './database.ts';

/** An open transaction: what `db.transaction(tx => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a repository runs its SQL on (docs/architecture.md#rules-of-the-code): the database, or the transaction of the use case
 * that called it. Repositories take one per call and never open a transaction themselves.
 */
export type Executor = Database | Tx;

/**
 * Runs `reads` with `ex`: side by side on the database (each takes a pooled connection), one
 * after another in a transaction, whose one connection must not be sent a query while another
 * is running (node-postgres deprecates it; it would only queue them).
 */
export async function readAll<T extends readonly unknown[]>(
  ex: Executor,
  db: Database,
  reads: { readonly [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (ex === db) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
