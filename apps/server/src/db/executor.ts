import type { Database } from './database.ts';

/** An open transaction: what `db.transaction(tx => …)` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What a repository runs its SQL on (docs/architecture.md#rules-of-the-code): the database, or the transaction of the use case
 * that called it. Repositories take one per call and never open a transaction themselves.
 */
export type Executor = Database | Tx;
