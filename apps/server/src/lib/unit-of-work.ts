import type { Database } from '../db/database.ts';
import type { Tx } from '../db/executor.ts';

/**
 * One use case, one transaction (DESIGN §2): `run` commits every write of `work`, the outbox
 * messages it added included, or none. After the commit it delivers those messages at once,
 * so the answer goes out after its emails and events; a delivery that fails is not the
 * answer's failure: it stays in the outbox and the dispatch job retries it.
 */
export interface UnitOfWork {
  /**
   * Given `outer` (an idempotent request's transaction, plugins/idempotency.ts), the use case
   * runs as a savepoint of it, and delivery waits for the outer commit.
   */
  run<T>(work: (tx: Tx) => Promise<T>, outer?: Tx | null): Promise<T>;
  /** Delivers what committed use cases left in the outbox (after an outer commit). */
  deliver(): Promise<void>;
}

export function createUnitOfWork(db: Database, deliver: () => Promise<void>): UnitOfWork {
  return {
    async run(work, outer) {
      if (outer) return outer.transaction(work);
      const result = await db.transaction(work);
      await deliver();
      return result;
    },
    deliver,
  };
}
