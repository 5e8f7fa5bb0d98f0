import type { Database } from '../db/database.ts';
import type { Executor, Tx } from '../db/executor.ts';

/** Work that must wait for a commit (evicting cached reads of what the use case changed). */
export type AfterCommit = () => Promise<void>;

/**
 * One use case, one transaction (docs/architecture.md#rules-of-the-code): `run` commits every write of `work`, the outbox
 * messages it added included, or none. After the commit it runs what the use case asked for with
 * `afterCommit`, then delivers those messages at once, so the answer goes out after its emails
 * and events; a delivery that fails is not the answer's failure: it stays in the outbox and the
 * dispatch job retries it.
 */
export interface UnitOfWork {
  /**
   * Given `outer` (an idempotent request's transaction, plugins/idempotency.ts), the use case
   * runs in it (which rolls back whole if the use case throws), and what follows the commit
   * waits for `committed(outer)`.
   */
  run<T>(work: (tx: Tx) => Promise<T>, outer?: Tx | null): Promise<T>;
  /**
   * `run` for a job's batch that no answer waits for: the same transaction and after-commit
   * effects, then the delivery of its outbox messages started but not awaited, so the kind's
   * fetching loop takes its next fetch meanwhile (docs/decisions/0067-settlement-leaves-delivery-to-the-outbox.md).
   * A delivery that fails stays in the outbox for the dispatch job, as after `run`.
   */
  runLeavingDelivery<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * Runs `effect` once the use case that owns `tx` has committed, before `run` returns (never if
   * it rolls back). `tx` must be the one `run` handed out; an effect must not throw.
   */
  afterCommit(tx: Executor, effect: AfterCommit): void;
  /** Runs what waited for an outer transaction (see `run`) once it has committed. */
  committed(outer: Tx): Promise<void>;
  /** Delivers what committed use cases left in the outbox (after an outer commit). */
  deliver(): Promise<void>;
}

/**
 * `addedCount`: how many outbox messages this process has added so far. Given it, a use case
 * during which none was added skips the delivery (an empty outbox read after every commit).
 * A count, not the use case's own adds: a concurrent use case's add only delivers once more.
 * `deliver` must not reject (the platform's logs its failure): `runLeavingDelivery` does not
 * await it.
 */
export function createUnitOfWork(
  db: Database,
  deliver: () => Promise<void>,
  addedCount?: () => number,
): UnitOfWork {
  // The effects each open transaction collected; a use case run in an outer one adds to its.
  const effectsOf = new WeakMap<Executor, AfterCommit[]>();
  const settle = async (effects: readonly AfterCommit[]) => {
    await Promise.all(effects.map((effect) => effect()));
  };
  /** A use case in a transaction of its own; `awaitDelivery`: return after the delivery. */
  const own = async <T>(work: (tx: Tx) => Promise<T>, awaitDelivery: boolean): Promise<T> => {
    const effects: AfterCommit[] = [];
    const addedBefore = addedCount?.();
    const result = await db.transaction(async (tx) => {
      effectsOf.set(tx, effects);
      return work(tx);
    });
    await settle(effects);
    if (addedBefore === undefined || addedCount?.() !== addedBefore) {
      if (awaitDelivery) await deliver();
      else void deliver();
    }
    return result;
  };
  return {
    async run(work, outer) {
      if (outer) {
        // No savepoint: the outer transaction is the idempotent request's, which rolls back as a
        // whole when the use case throws (plugins/idempotency.ts), so a savepoint's two
        // statements would buy nothing.
        const effects = effectsOf.get(outer) ?? [];
        effectsOf.set(outer, effects);
        const before = effects.length;
        try {
          return await work(outer);
        } catch (error) {
          // The use case failed: so do the effects it asked for.
          effects.length = before;
          throw error;
        }
      }
      return own(work, true);
    },
    runLeavingDelivery: (work) => own(work, false),
    afterCommit(tx, effect) {
      const effects = effectsOf.get(tx);
      // Outside a use case's transaction there is no commit to wait for: a programming error.
      if (!effects) throw new Error('afterCommit needs the transaction uow.run handed out');
      effects.push(effect);
    },
    async committed(outer) {
      const effects = effectsOf.get(outer) ?? [];
      effectsOf.delete(outer);
      await settle(effects);
    },
    deliver,
  };
}
