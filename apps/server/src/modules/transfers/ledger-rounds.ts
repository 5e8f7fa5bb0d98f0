import type { Tx } from '../../db/executor.ts';
import type { LedgerService } from '../ledger/index.ts';
import { applyLedgerBatch, lockLedgerAccounts, type LedgerOperation } from './transfer-entries.ts';

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
