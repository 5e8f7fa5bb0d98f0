import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Tx } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { createKnownAccounts } from './known-accounts.ts';
import { parseAccount, type LedgerAccount } from './ledger-accounts.ts';
import { isSignRuleRefusal } from './ledger-balances.ts';
import { createLedgerCheck, type FinishedTransfersPort } from './ledger-check.ts';
import {
  balanceOf,
  checkedPostings,
  entryIdOf,
  movementsOf,
  samePostings,
  type Balance,
  type NewEntry,
  type RecordedEntry,
  type Settlement,
} from './ledger-entries.ts';
import { createRecordMany, settlementRow } from './ledger-batches.ts';
import { LedgerError } from './ledger-errors.ts';
import type { LedgerRepository, StoredEntry } from './ledger.repository.ts';

export interface LedgerServiceDeps {
  repository: LedgerRepository;
  db: Executor;
  uow: UnitOfWork;
  clock: Clock;
  log: FastifyBaseLogger;
  finishedTransfers: FinishedTransfersPort;
}

/** How many expired pending entries one sweep voids (the job comes back for the rest). */
const EXPIRY_BATCH = 200;

/**
 * The ledger's one writer (docs/decisions/0037-the-ledger.md, 0041). Every write takes the
 * caller's transaction, so an entry commits with the state change that causes it, or not at all.
 * In the common case a recording is two statements (the entry with its postings, then its
 * accounts' kept balances) and a settlement two (its row, then the balances); reading what is
 * there happens only when a write found its cause taken.
 */
export function createLedgerService(deps: LedgerServiceDeps) {
  const { repository, clock } = deps;
  const known = createKnownAccounts();

  // The accounts each open transaction has created or found: it sees them, whatever happens to
  // the others. Keyed by the transaction object, so a savepoint's are its own.
  const existingIn = new WeakMap<Executor, Set<string>>();

  /** Creates the accounts neither this process nor this transaction has seen (decision 0041). */
  async function ensureAccounts(tx: Tx, list: readonly LedgerAccount[], now: Date) {
    const inTx = existingIn.get(tx) ?? new Set<string>();
    const unseen = list.filter((account) => !known.has(account.id) && !inTx.has(account.id));
    if (unseen.length === 0) return;
    await repository.createAccounts(tx, unseen, now);
    const ids = unseen.map((account) => account.id);
    for (const id of ids) inTx.add(id);
    existingIn.set(tx, inTx);
    // Known to the process only once committed: an account this transaction created, or found
    // created by an earlier statement of its own, is gone if it rolls back.
    try {
      deps.uow.afterCommit(tx, async () => {
        for (const id of ids) known.add(id);
      });
    } catch {
      // A transaction uow.run did not hand out has no commit to wait for: its accounts are
      // not remembered, and a later recording inserts them again (finding them there).
    }
  }

  /** Why a settlement's row was not written: a replay to answer, or the refusal to throw. */
  async function unwrittenSettlement(
    tx: Tx,
    settlement: Settlement,
    written: StoredEntry & { pendingId: string; phase: 'post' | 'void' },
  ): Promise<RecordedEntry> {
    const { id, pendingId, phase: outcome } = written;
    const pending = await repository.findEntry(tx, pendingId);
    if (!pending) {
      throw new LedgerError(
        'unknown_entry',
        `no entry ${settlement.pending.transactionId}/${settlement.pending.event}`,
      );
    }
    if (pending.phase !== 'pending') {
      throw new LedgerError('not_pending', `entry ${pendingId} is ${pending.phase}, not pending`);
    }
    const done = await repository.findSettlement(tx, pendingId);
    if (done) {
      if (done.id === id && done.phase === outcome) return { id, phase: outcome, replayed: true };
      throw new LedgerError(
        'already_settled',
        `pending entry ${pendingId} was ${done.phase === 'post' ? 'posted' : 'voided'} already`,
      );
    }
    if (outcome === 'post' && pending.timeoutAt && pending.timeoutAt <= written.createdAt) {
      throw new LedgerError('pending_expired', `pending entry ${pendingId} has timed out`);
    }
    if (await repository.findEntry(tx, id)) {
      throw new LedgerError('conflicting_replay', `the cause of ${id} was recorded otherwise`);
    }
    // The insert waits for any concurrent writer of a conflicting row, so one of the above holds.
    throw new Error(`ledger: the settlement ${id} of ${pendingId} was neither written nor refused`);
  }

  /**
   * Writes a settlement row of a pending entry, 'post' or 'void', at most once, then moves the
   * pending entry's postings out of its accounts' pending sums (into the posted ones to post).
   */
  async function settle(
    tx: Tx,
    settlement: Settlement,
    outcome: 'post' | 'void',
  ): Promise<RecordedEntry> {
    const written = settlementRow(settlement, outcome, clock.now());
    if (!(await repository.insertSettlement(tx, written))) {
      return unwrittenSettlement(tx, settlement, written);
    }
    // Neither posting nor voiding lowers an available balance: the sign rule cannot refuse it.
    await repository.settleEntry(tx, written.pendingId, outcome);
    return { id: written.id, phase: outcome, replayed: false };
  }

  return {
    /**
     * Records an entry in the caller's transaction. The same cause again answers the entry
     * already recorded (`replayed`), or LedgerError `conflicting_replay` if it differs.
     * Adds the postings to the accounts' kept balances, locking their rows in id order, and
     * refuses (`sign_rule`) a debit that would take a customer or transit account below zero,
     * counting what is pending against it. A refusal leaves the transaction to roll back.
     */
    async record(tx: Tx, entry: NewEntry): Promise<RecordedEntry> {
      const id = entryIdOf(entry.cause);
      const { postings, accounts } = checkedPostings(entry.postings);
      const phase = entry.pending ? 'pending' : 'posted';
      const timeoutAt = entry.pending?.timeoutAt ?? null;
      const now = clock.now();
      await ensureAccounts(tx, accounts, now);

      const stored: StoredEntry = {
        id,
        transactionId: entry.cause.transactionId,
        event: entry.cause.event,
        phase,
        pendingId: null,
        timeoutAt,
        createdAt: now,
      };
      if (!(await repository.insertEntry(tx, stored, postings))) {
        const existing = await repository.findEntry(tx, id);
        const same =
          existing !== undefined &&
          existing.phase === phase &&
          (existing.timeoutAt?.getTime() ?? null) === (timeoutAt?.getTime() ?? null) &&
          samePostings(await repository.postingsOf(tx, id), postings);
        if (!same) {
          throw new LedgerError(
            'conflicting_replay',
            `${entry.cause.transactionId}/${entry.cause.event} was recorded with other postings`,
          );
        }
        return { id, phase, replayed: true };
      }

      const movements = movementsOf(postings);
      const changed = await repository.addEntry(tx, phase, movements).catch((error: unknown) => {
        if (!isSignRuleRefusal(error)) throw error;
        // The database refused the row (its CHECK): only a debit can take an account below zero.
        const debited = movements
          .filter((one) => one.debits > 0n)
          .map((one) => parseAccount(one.account))
          .filter((account) => account.signRule === 'credit')
          .map((account) => account.id);
        throw new LedgerError(
          'sign_rule',
          `the entry would take ${debited.join(' or ')} below zero (available: posted credits − posted debits − pending debits)`,
        );
      });
      if (changed !== movements.length) {
        throw new Error(`ledger: ${movements.length - changed} account(s) of ${id} are missing`);
      }
      return { id, phase, replayed: false };
    },

    /**
     * Locks, in one statement and id order, every account the entries and the settlements'
     * pending entries will move, creating the new ones first
     * (docs/decisions/0055-ledger-accounts-locked-first.md). A use case that writes the ledger in
     * more than one statement calls it before them: each statement locks only its own accounts,
     * so two such use cases could take shared ones (`fx:position`, revenue) in crossing orders.
     */
    async lockAccounts(
      tx: Tx,
      batch: { records: readonly NewEntry[]; settlements: readonly Settlement[] },
    ): Promise<void> {
      const unique = new Map<string, LedgerAccount>();
      for (const entry of batch.records) {
        for (const one of checkedPostings(entry.postings).accounts) unique.set(one.id, one);
      }
      await ensureAccounts(tx, [...unique.values()], clock.now());
      await repository.lockAccounts(tx, {
        accounts: [...unique.keys()],
        pendingIds: batch.settlements.map((one) => entryIdOf(one.pending)),
      });
    },

    /** A batch's entries and settlements in at most four statements (ledger-batches.ts). */
    recordMany: createRecordMany({ repository, clock, ensureAccounts }),

    /** Posts a pending entry (once; refused after its timeout or once voided). */
    post: (tx: Tx, settlement: Settlement) => settle(tx, settlement, 'post'),

    /** Voids a pending entry (once; refused once posted). */
    voidPending: (tx: Tx, settlement: Settlement) => settle(tx, settlement, 'void'),

    /** An account's balance, kept on its row (one read); zero for an account never used. */
    async balance(ex: Executor, account: string): Promise<Balance> {
      const parsed = parseAccount(account);
      const kept = (await repository.kept(ex, parsed.id)) ?? {
        postedDebits: 0n,
        postedCredits: 0n,
        pendingDebits: 0n,
        pendingCredits: 0n,
      };
      return balanceOf({
        ...kept,
        account: parsed.id,
        currency: parsed.currency,
        signRule: parsed.signRule,
      });
    },

    /**
     * Voids every pending entry past its timeout, each in a use case of its own (event
     * `<event>.timed-out`); answers how many. The ledger's job runs it every minute.
     */
    async voidExpired(): Promise<number> {
      const expired = await repository.expiredPending(deps.db, clock.now(), EXPIRY_BATCH);
      let voided = 0;
      for (const pending of expired) {
        const cause = { transactionId: pending.transactionId, event: pending.event };
        const settled = await deps.uow.run((tx) =>
          settle(
            tx,
            { pending: cause, cause: { ...cause, event: `${cause.event}.timed-out` } },
            'void',
          ).catch((error: unknown) => {
            // Settled meanwhile (posted in time by its owner): nothing left to void.
            if (error instanceof LedgerError && error.code === 'already_settled') return null;
            throw error;
          }),
        );
        if (settled && !settled.replayed) voided += 1;
      }
      if (voided > 0) deps.log.info({ voided }, 'ledger: voided timed-out pending entries');
      return voided;
    },

    /** `ledger:check`: the violations found, none when the ledger holds (ledger-check.ts). */
    check: createLedgerCheck(deps),
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
export type { FinishedTransfersPort, LedgerViolation } from './ledger-check.ts';
