import type { Tx } from '../../db/executor.ts';
import type { LedgerService, NewEntry, Settlement } from '../ledger/index.ts';
import type { LedgerOperation } from './transfer-entries.ts';

/**
 * How a transfer's ledger operations (transfer-entries.ts) are written in the caller's
 * transaction: one step's in order, a batch's in a few statements (decision 43), several
 * transfers' in rounds; with more than one statement moving accounts, every account locked
 * first (docs/decisions/0055-ledger-accounts-locked-first.md).
 */

/** The operations' new entries, and their settlements with the outcome of each. */
function split(operations: readonly LedgerOperation[]) {
  const records: NewEntry[] = [];
  const settlements: { settlement: Settlement; outcome: 'post' | 'void' }[] = [];
  for (const operation of operations) {
    if (operation.op === 'record') records.push(operation.entry);
    else settlements.push({ settlement: operation.settlement, outcome: operation.op });
  }
  return { records, settlements };
}

/**
 * Locks every account the operations will move, in one statement, before a use case writes
 * them in more than one (docs/decisions/0055-ledger-accounts-locked-first.md).
 */
export async function lockLedgerAccounts(
  ledger: Pick<LedgerService, 'lockAccounts'>,
  tx: Tx,
  operations: readonly LedgerOperation[],
): Promise<void> {
  const { records, settlements } = split(operations);
  await ledger.lockAccounts(tx, {
    records,
    settlements: settlements.map((one) => one.settlement),
  });
}

/**
 * Carries a batch of steps' operations out in the caller's transaction in a few statements
 * (LedgerService.recordMany, decision 43): all of them new, or a LedgerBatchRefusal.
 */
export async function applyLedgerBatch(
  ledger: Pick<LedgerService, 'recordMany'>,
  tx: Tx,
  operations: readonly LedgerOperation[],
): Promise<void> {
  await ledger.recordMany(tx, split(operations));
}

/**
 * Carries the operations out in the caller's transaction, in order: one statement or two each,
 * so with more than one operation every account is locked first.
 */
export async function applyLedgerOperations(
  ledger: Pick<LedgerService, 'record' | 'post' | 'voidPending' | 'lockAccounts'>,
  tx: Tx,
  operations: readonly LedgerOperation[],
): Promise<void> {
  if (operations.length > 1) await lockLedgerAccounts(ledger, tx, operations);
  for (const operation of operations) {
    if (operation.op === 'record') await ledger.record(tx, operation.entry);
    else if (operation.op === 'post') await ledger.post(tx, operation.settlement);
    else await ledger.voidPending(tx, operation.settlement);
  }
}

/**
 * Several transfers' operations in rounds of `applyLedgerBatch`, each round with at most one
 * transfer of a customer (a customer's account may be debited by one transfer of a batch only:
 * LedgerService.recordMany), a customer's transfers in the order given. A fetch of 20 from a
 * few senders then takes a few rounds of a few statements, not a refusal of the whole batch.
 */
export async function applyLedgerRounds(
  ledger: Pick<LedgerService, 'recordMany' | 'lockAccounts'>,
  tx: Tx,
  perTransfer: readonly { customerId: string; operations: readonly LedgerOperation[] }[],
): Promise<void> {
  const rounds: { customers: Set<string>; operations: LedgerOperation[] }[] = [];
  for (const { customerId, operations } of perTransfer) {
    if (operations.length === 0) continue;
    let round = rounds.find((one) => !one.customers.has(customerId));
    if (!round) {
      round = { customers: new Set(), operations: [] };
      rounds.push(round);
    }
    round.customers.add(customerId);
    round.operations.push(...operations);
  }
  // Each round locks its own accounts: with more than one, all of them are locked first
  // (docs/decisions/0055-ledger-accounts-locked-first.md).
  if (rounds.length > 1) {
    await lockLedgerAccounts(
      ledger,
      tx,
      rounds.flatMap((round) => round.operations),
    );
  }
  for (const round of rounds) await applyLedgerBatch(ledger, tx, round.operations);
}
