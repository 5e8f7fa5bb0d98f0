import type { FastifyBaseLogger } from 'fastify';
import type { Executor, Tx } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { parseAccount } from './ledger-accounts.ts';
import { createLedgerCheck, creditAvailable, type FinishedTransfersPort } from './ledger-check.ts';
import {
  balanceOf,
  checkedPostings,
  entryIdOf,
  samePostings,
  type Balance,
  type NewEntry,
  type RecordedEntry,
  type Settlement,
} from './ledger-entries.ts';
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
 * The ledger's one writer (docs/decisions/0037-the-ledger.md). Every write takes the caller's
 * transaction, so an entry commits with the state change that causes it, or not at all.
 */
export function createLedgerService(deps: LedgerServiceDeps) {
  const { repository, clock } = deps;

  /** Writes a settlement row of a pending entry: 'post' or 'void', at most once. */
  async function settle(
    tx: Tx,
    settlement: Settlement,
    outcome: 'post' | 'void',
  ): Promise<RecordedEntry> {
    const pendingId = entryIdOf(settlement.pending);
    const id = entryIdOf(settlement.cause);
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
    const postings = await repository.postingsOf(tx, pendingId);
    // The same locks as a recording on these accounts, so the balances it checks hold still.
    await repository.lockAccounts(tx, [...new Set(postings.map((posting) => posting.account))]);
    const done = await repository.findSettlement(tx, pendingId);
    if (done) {
      if (done.id === id && done.phase === outcome) return { id, phase: outcome, replayed: true };
      throw new LedgerError(
        'already_settled',
        `pending entry ${pendingId} was ${done.phase === 'post' ? 'posted' : 'voided'} already`,
      );
    }
    const now = clock.now();
    if (outcome === 'post' && pending.timeoutAt && pending.timeoutAt <= now) {
      throw new LedgerError('pending_expired', `pending entry ${pendingId} has timed out`);
    }
    if (await repository.findEntry(tx, id)) {
      throw new LedgerError('conflicting_replay', `the cause of ${id} was recorded otherwise`);
    }
    await repository.insertEntry(
      tx,
      {
        id,
        transactionId: settlement.cause.transactionId,
        event: settlement.cause.event,
        phase: outcome,
        pendingId,
        timeoutAt: null,
        createdAt: now,
      },
      [],
    );
    return { id, phase: outcome, replayed: false };
  }

  return {
    /**
     * Records an entry in the caller's transaction. The same cause again answers the entry
     * already recorded (`replayed`), or LedgerError `conflicting_replay` if it differs.
     * Locks the entry's accounts in id order and refuses (`sign_rule`) a debit that would take
     * a customer or transit account below zero, counting what is pending against it.
     */
    async record(tx: Tx, entry: NewEntry): Promise<RecordedEntry> {
      const id = entryIdOf(entry.cause);
      const { postings, accounts } = checkedPostings(entry.postings);
      const phase = entry.pending ? 'pending' : 'posted';
      const timeoutAt = entry.pending?.timeoutAt ?? null;
      const now = clock.now();
      await repository.ensureAccounts(tx, accounts, now);
      await repository.lockAccounts(
        tx,
        accounts.map((account) => account.id),
      );

      const existing = await repository.findEntry(tx, id);
      if (existing) {
        const same =
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

      // Only a debit can take a credit-side account below zero.
      const debited = accounts.filter(
        (account) =>
          account.signRule === 'credit' &&
          postings.some((posting) => posting.account === account.id && posting.side === 'debit'),
      );
      const sums = await repository.sums(
        tx,
        debited.map((account) => account.id),
      );
      for (const account of debited) {
        const current = sums.find((row) => row.account === account.id);
        let available = current ? creditAvailable(current) : 0n;
        for (const posting of postings) {
          if (posting.account !== account.id) continue;
          if (posting.side === 'debit') available -= posting.amount;
          // A pending credit is not the account's until it is posted.
          else if (phase === 'posted') available += posting.amount;
        }
        if (available < 0n) {
          throw new LedgerError(
            'sign_rule',
            `${account.id} would go below zero (available after the entry: ${available})`,
          );
        }
      }

      const stored: StoredEntry = {
        id,
        transactionId: entry.cause.transactionId,
        event: entry.cause.event,
        phase,
        pendingId: null,
        timeoutAt,
        createdAt: now,
      };
      await repository.insertEntry(tx, stored, postings);
      return { id, phase, replayed: false };
    },

    /** Posts a pending entry (once; refused after its timeout or once voided). */
    post: (tx: Tx, settlement: Settlement) => settle(tx, settlement, 'post'),

    /** Voids a pending entry (once; refused once posted). */
    voidPending: (tx: Tx, settlement: Settlement) => settle(tx, settlement, 'void'),

    /** An account's balance, derived from its postings; zero for an account never used. */
    async balance(ex: Executor, account: string): Promise<Balance> {
      const parsed = parseAccount(account);
      const [sums] = await repository.sums(ex, [parsed.id]);
      return balanceOf(
        sums ?? {
          account: parsed.id,
          currency: parsed.currency,
          signRule: parsed.signRule,
          postedDebits: 0n,
          postedCredits: 0n,
          pendingDebits: 0n,
          pendingCredits: 0n,
        },
      );
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
