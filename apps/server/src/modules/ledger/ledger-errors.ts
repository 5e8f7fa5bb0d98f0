/**
 * Why the ledger refused to record (docs/decisions/0037-the-ledger.md). The caller's use case
 * rolls back with it; none is a customer's error, so none has an HTTP answer of its own.
 */
export type LedgerErrorCode =
  /** A posting names no known account path, a bad cause, or an amount that is not positive. */
  | 'invalid_entry'
  /** The postings do not sum to zero in some currency. */
  | 'unbalanced'
  /** The same cause was recorded before with other postings, phase or timeout. */
  | 'conflicting_replay'
  /** A customer or transit account would go below zero. */
  | 'sign_rule'
  /** No entry has that cause. */
  | 'unknown_entry'
  /** Only a pending entry is posted or voided. */
  | 'not_pending'
  /** The pending entry was posted or voided already (by another cause, or the other way). */
  | 'already_settled'
  /** The pending entry's timeout has passed: it may only be voided. */
  | 'pending_expired';

export class LedgerError extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

/**
 * A batch of entries (`LedgerService.recordMany`) that could not be written as a whole: one of
 * its causes was recorded or settled before, or a sign rule refused the batch's net movement.
 * The caller's transaction rolls back, and its steps run one by one, where each is answered as
 * it always is (a replay, or the LedgerError of its own).
 */
export class LedgerBatchRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LedgerBatchRefusal';
  }
}
