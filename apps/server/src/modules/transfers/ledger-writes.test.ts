import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/executor.ts';
import { accounts, movement, type LedgerService } from '../ledger/index.ts';
import { applyLedgerRounds } from './ledger-writes.ts';
import type { LedgerOperation } from './transfer-entries.ts';

/**
 * Several transfers' operations in rounds (docs/decisions/0043-batched-steps.md): a customer's
 * transfers in separate rounds, and with more than one round every account locked first
 * (docs/decisions/0055-ledger-accounts-locked-first.md).
 */
const record = (transactionId: string, customerId: string): LedgerOperation => ({
  op: 'record',
  entry: {
    cause: { transactionId, event: 'payment-cleared' },
    postings: movement(accounts.safeguarding('GBP'), accounts.customer(customerId, 'GBP'), 5n),
  },
});

function recordingLedger() {
  const calls: string[] = [];
  const ledger: Pick<LedgerService, 'recordMany' | 'lockAccounts'> = {
    async recordMany(_tx, batch) {
      calls.push(`round ${batch.records.map((one) => one.cause.transactionId).join(',')}`);
    },
    async lockAccounts(_tx, batch) {
      calls.push(`lock ${batch.records.map((one) => one.cause.transactionId).join(',')}`);
    },
  };
  return { ledger, calls };
}

const tx = {} as Tx;

describe('applyLedgerRounds', () => {
  it('puts a customer’s second transfer in a second round, after locking every account', async () => {
    const { ledger, calls } = recordingLedger();
    await applyLedgerRounds(ledger, tx, [
      { customerId: 'c1', operations: [record('t1', 'c1')] },
      { customerId: 'c2', operations: [record('t2', 'c2')] },
      { customerId: 'c1', operations: [record('t3', 'c1')] },
    ]);
    expect(calls).toEqual(['lock t1,t2,t3', 'round t1,t2', 'round t3']);
  });

  it('takes no lock of its own for one round: its one statement locks in order', async () => {
    const { ledger, calls } = recordingLedger();
    await applyLedgerRounds(ledger, tx, [
      { customerId: 'c1', operations: [record('t1', 'c1')] },
      { customerId: 'c2', operations: [record('t2', 'c2')] },
      { customerId: 'c3', operations: [] },
    ]);
    expect(calls).toEqual(['round t1,t2']);
  });
});
