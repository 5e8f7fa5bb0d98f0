import type { Executor } from '../../db/executor.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { transitTransactionId } from './ledger-accounts.ts';
import type { KeptSums } from './ledger-balances.ts';
import type { AccountSums, LedgerRepository } from './ledger.repository.ts';

/** What `ledger:check` found wrong; amounts are decimal strings of minor units. */
export type LedgerViolation =
  | { rule: 'entry-unbalanced'; entry_id: string; currency: string; difference: string }
  | { rule: 'sign-rule'; account: string; available: string }
  | { rule: 'transit-not-zero'; account: string; transaction_id: string; balance: string }
  | { rule: 'safeguarding-short'; currency: string; held: string; owed: string }
  | { rule: 'kept-balance-differs'; account: string; kept: KeptColumns; summed: KeptColumns };

/** An account's balance columns as decimal strings of minor units (ledger_accounts' names). */
export interface KeptColumns {
  debits_posted: string;
  credits_posted: string;
  debits_pending: string;
  credits_pending: string;
}

const columnsOf = (sums: KeptSums): KeptColumns => ({
  debits_posted: sums.postedDebits.toString(),
  credits_posted: sums.postedCredits.toString(),
  debits_pending: sums.pendingDebits.toString(),
  credits_pending: sums.pendingCredits.toString(),
});

/** The sums an account's row keeps, where they differ from the sums of its postings. */
function keptBalanceDifferences(all: readonly AccountSums[]): LedgerViolation[] {
  const violations: LedgerViolation[] = [];
  for (const sums of all) {
    const kept = columnsOf(sums.kept);
    const summed = columnsOf(sums);
    const same = (Object.keys(kept) as (keyof KeptColumns)[]).every(
      (column) => kept[column] === summed[column],
    );
    if (!same)
      violations.push({ rule: 'kept-balance-differs', account: sums.account, kept, summed });
  }
  return violations;
}

/**
 * The transfers module's answer to "which of these transactions are finished?" (PAYOUT-SUCCESS,
 * PAYOUT-REVERSED, CANCELLED): their transit accounts must be zero. The ledger asks about the
 * transactions that have a transit account and nothing else.
 */
export interface FinishedTransfersPort {
  finishedOf(ex: Executor, transactionIds: readonly string[]): Promise<string[]>;
}

/** For an account that may not go below zero on its credit side: posted − pending debits. */
export const creditAvailable = (sums: KeptSums) =>
  sums.postedCredits - sums.postedDebits - sums.pendingDebits;

/**
 * In each currency, what backs customers' money (safeguarding's debit balance, plus the money
 * conversions bought and not yet paid out: a positive `fx:position`) covers what customers are
 * owed plus what is in transit, posted (docs/product/sending-money.md#invariants).
 */
function safeguardingShortfalls(all: readonly AccountSums[]): LedgerViolation[] {
  const held = new Map<string, bigint>();
  const owed = new Map<string, bigint>();
  const add = (map: Map<string, bigint>, currency: string, amount: bigint) =>
    map.set(currency, (map.get(currency) ?? 0n) + amount);
  for (const sums of all) {
    const debitBalance = sums.postedDebits - sums.postedCredits;
    const kind = sums.account.split(':')[0];
    if (sums.account.startsWith('bank:safeguarding:')) add(held, sums.currency, debitBalance);
    else if (sums.account.startsWith('fx:position:') && debitBalance > 0n) {
      add(held, sums.currency, debitBalance);
    } else if (kind === 'customer' || kind === 'transit') add(owed, sums.currency, -debitBalance);
  }
  const violations: LedgerViolation[] = [];
  for (const currency of [...new Set([...held.keys(), ...owed.keys()])].sort()) {
    const h = held.get(currency) ?? 0n;
    const o = owed.get(currency) ?? 0n;
    if (h < o) {
      violations.push({
        rule: 'safeguarding-short',
        currency,
        held: h.toString(),
        owed: o.toString(),
      });
    }
  }
  return violations;
}

/** `ledger:check` over one snapshot of the ledger (docs/product/sending-money.md#invariants). */
export function createLedgerCheck(deps: {
  repository: LedgerRepository;
  uow: UnitOfWork;
  finishedTransfers: FinishedTransfersPort;
}) {
  const { repository } = deps;
  /**
   * `ledger:check` (docs/product/sending-money.md#invariants): the violations found, none when
   * the ledger holds. Reads one snapshot (a repeatable-read transaction on PostgreSQL).
   */
  return async function check(): Promise<LedgerViolation[]> {
    return deps.uow.run(async (tx) => {
      await repository.readOneSnapshot(tx);
      const violations: LedgerViolation[] = [];
      for (const row of await repository.unbalancedEntries(tx)) {
        violations.push({
          rule: 'entry-unbalanced',
          entry_id: row.entryId,
          currency: row.currency,
          difference: row.difference.toString(),
        });
      }
      const all = await repository.sums(tx, null);
      for (const sums of all) {
        if (sums.signRule === 'credit' && creditAvailable(sums) < 0n) {
          violations.push({
            rule: 'sign-rule',
            account: sums.account,
            available: creditAvailable(sums).toString(),
          });
        }
      }
      const transit = all.filter((sums) => transitTransactionId(sums.account) !== null);
      const finished = new Set(
        await deps.finishedTransfers.finishedOf(tx, [
          ...new Set(transit.map((sums) => transitTransactionId(sums.account) ?? '')),
        ]),
      );
      for (const sums of transit) {
        const transactionId = transitTransactionId(sums.account) ?? '';
        const open =
          sums.postedCredits !== sums.postedDebits ||
          sums.pendingDebits !== 0n ||
          sums.pendingCredits !== 0n;
        if (finished.has(transactionId) && open) {
          violations.push({
            rule: 'transit-not-zero',
            account: sums.account,
            transaction_id: transactionId,
            balance: (sums.postedCredits - sums.postedDebits).toString(),
          });
        }
      }
      violations.push(...safeguardingShortfalls(all));
      // Last, so the rules above read as before: they prove the history, this the rows.
      violations.push(...keptBalanceDifferences(all));
      return violations;
    });
  };
}
