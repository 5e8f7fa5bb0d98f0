import type { Tx } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerAccount } from './ledger-accounts.ts';
import { isSignRuleRefusal } from './ledger-balances.ts';
import {
  checkedPostings,
  entryIdOf,
  movementsOf,
  type NewEntry,
  type Settlement,
} from './ledger-entries.ts';
import { LedgerBatchRefusal } from './ledger-errors.ts';
import type { LedgerRepository } from './ledger.repository.ts';

/** The row that posts or voids `settlement`'s pending entry, one step's or a batch's. */
export function settlementRow(settlement: Settlement, outcome: 'post' | 'void', now: Date) {
  return {
    id: entryIdOf(settlement.cause),
    transactionId: settlement.cause.transactionId,
    event: settlement.cause.event,
    phase: outcome,
    pendingId: entryIdOf(settlement.pending),
    timeoutAt: null,
    createdAt: now,
  };
}

export function createRecordMany(deps: {
  repository: LedgerRepository;
  clock: Clock;
  /** The service's: creates the accounts not yet known, once per transaction. */
  ensureAccounts: (tx: Tx, list: readonly LedgerAccount[], now: Date) => Promise<void>;
}) {
  const { repository, clock, ensureAccounts } = deps;
  /**
   * Records a batch of entries and settles a batch of pending entries in the caller's
   * transaction in at most four statements (docs/decisions/0043-batched-steps.md): the new
   * accounts, the entries with their postings, the settlements, and each account's net
   * movement once. The batch is all new: a cause recorded or settled before, or a sign rule
   * refusing the net movement, throws LedgerBatchRefusal (the caller rolls back and records
   * its steps one by one, which answer replays and refusals as `record`, `post` and
   * `voidPending` do). A credit-rule account may be debited by one transfer's entries of the
   * batch only, so that its net movement is refused exactly when those steps one by one
   * would be.
   */
  return async function recordMany(
    tx: Tx,
    batch: {
      records: readonly NewEntry[];
      settlements: readonly { settlement: Settlement; outcome: 'post' | 'void' }[];
    },
  ): Promise<void> {
    const now = clock.now();
    const checked = batch.records.map((entry) => ({ entry, ...checkedPostings(entry.postings) }));
    const debitedBy = new Map<string, string>();
    for (const { entry, postings, accounts } of checked) {
      for (const posting of postings) {
        if (posting.side !== 'debit') continue;
        const account = accounts.find((one) => one.id === posting.account);
        if (account?.signRule !== 'credit') continue;
        const other = debitedBy.get(account.id);
        if (other !== undefined && other !== entry.cause.transactionId) {
          throw new LedgerBatchRefusal(`${account.id} is debited by two transfers of the batch`);
        }
        debitedBy.set(account.id, entry.cause.transactionId);
      }
    }
    const unique = new Map<string, LedgerAccount>();
    for (const { accounts } of checked) for (const one of accounts) unique.set(one.id, one);
    await ensureAccounts(tx, [...unique.values()], now);

    const entries = checked.map(({ entry, postings }) => ({
      entry: {
        id: entryIdOf(entry.cause),
        transactionId: entry.cause.transactionId,
        event: entry.cause.event,
        phase: entry.pending ? ('pending' as const) : ('posted' as const),
        pendingId: null,
        timeoutAt: entry.pending?.timeoutAt ?? null,
        createdAt: now,
      },
      postings,
    }));
    const written = await repository.insertEntries(tx, entries);
    if (written.size !== entries.length) {
      throw new LedgerBatchRefusal(`${entries.length - written.size} entries were recorded before`);
    }
    const settlements = batch.settlements.map(({ settlement, outcome }) =>
      settlementRow(settlement, outcome, now),
    );
    const settled = await repository.insertSettlements(tx, settlements);
    if (settled.size !== settlements.length) {
      throw new LedgerBatchRefusal(
        `${settlements.length - settled.size} settlements could not be written`,
      );
    }
    const posted = entries.filter(({ entry }) => entry.phase === 'posted');
    const pending = entries.filter(({ entry }) => entry.phase === 'pending');
    const changed = await repository
      .moveBatch(tx, {
        posted: movementsOf(posted.flatMap(({ postings }) => postings)),
        pending: movementsOf(pending.flatMap(({ postings }) => postings)),
        settled: settlements.map((one) => ({ pendingId: one.pendingId, outcome: one.phase })),
      })
      .catch((error: unknown) => {
        if (!isSignRuleRefusal(error)) throw error;
        throw new LedgerBatchRefusal('a sign rule refused the batch');
      });
    const changedIds = new Set(changed);
    const missing = [...unique.keys()].filter((id) => !changedIds.has(id));
    if (missing.length > 0) throw new Error(`ledger: account(s) ${missing.join(', ')} are missing`);
  };
}
