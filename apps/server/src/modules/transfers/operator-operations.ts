import type { TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { DocumentHolds } from './document-holds.ts';
import { transferNamed } from './operator-views.ts';
import {
  IllegalTransitionError,
  currentOf,
  heldFrom,
  type StateRecord,
} from './transaction-states.ts';
import type { TransitionTransfer } from './transfer-transitions.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';

/**
 * The transfers module's side of an operator's actions (`npm run ops -- transfers:*`,
 * docs/decisions/0039-operator-actions.md), each in the operator's transaction beside its record:
 * the states through the one transition function, the money through the flow's own steps.
 */

/** What an operator does to a transfer (`transfers:hold` …). */
export const operatorTransferActions = ['hold', 'release', 'settle', 'fail', 'refund'] as const;
export type OperatorTransferAction = (typeof operatorTransferActions)[number];

/** What a transfer went through: the state it was in and the one it is in now. */
export interface OperatorTransferChange {
  transaction_id: string;
  transaction_number: string;
  from: TransactionStateCode;
  state: TransactionStateCode;
}

/**
 * Each action, found by id or number, in the operator's transaction `tx`: undefined when there
 * is no such transfer, an IllegalTransitionError when its state does not allow the change.
 *
 * - hold: ON-HOLD with OPERATOR-HOLD, from any state before SENDING-FOR-PAYOUT;
 * - release: back to the state it left, and on from there;
 * - settle: its open bank transfer captured, as the sandbox bank's settlement does;
 * - fail: its payout failed (PAYOUT-FAILED), then refunded (CANCELLED);
 * - refund: cancelled before its payout was sent, with what was paid refunded.
 */
export type TransferOperations = Record<
  OperatorTransferAction,
  (tx: Tx, idOrNumber: string) => Promise<OperatorTransferChange | undefined>
>;

/** What the money's flow does for an operator (the flow's settlement, payouts and refunds). */
export interface OperatorFlow {
  /** Settles the transfer's open bank transfer (payment CAPTURED, PAYMENT-CLEARED, entries). */
  settle(tx: Tx, row: TransactionRow): Promise<void>;
  /** Its payout failed: PAYOUT-FAILED with the payout's entry voided, refunded, CANCELLED. */
  failPayout(tx: Tx, row: TransactionRow): Promise<void>;
  /**
   * Cancels it (cancelled-by-operator): before paying, its open payment cancelled; after, what
   * was paid refunded with its entries.
   */
  cancel(tx: Tx, row: TransactionRow): Promise<void>;
  /** Picks its way to the payout up again from `state`, after a release. */
  resume(tx: Tx, transactionId: string, state: TransactionStateCode): Promise<void>;
}

export interface OperatorOperationsDeps {
  repository: Pick<TransfersRepository, 'lock' | 'historyOf'>;
  transitionTransfer: TransitionTransfer;
  documentHolds: Pick<DocumentHolds, 'settleOne'>;
  flow: OperatorFlow;
}

/** The states a release hands back to the money's flow, and the document holds' own. */
const RESUMED: readonly TransactionStateCode[] = [
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
];
const DOCUMENT_HOLDS: readonly TransactionStateCode[] = [
  'UNDER-REVIEW',
  'DOCUMENT-REQUIRED',
  'DOCUMENT-PROVIDED',
];

export function createOperatorOperations(deps: OperatorOperationsDeps): TransferOperations {
  const { repository, transitionTransfer, flow } = deps;

  /** The named transfer, locked, with its history; undefined when there is none. */
  async function locked(tx: Tx, idOrNumber: string) {
    const named = await transferNamed(tx, idOrNumber);
    const row = named ? await repository.lock(tx, named.id) : undefined;
    if (!row) return undefined;
    return { row, history: await repository.historyOf(tx, row.id) };
  }

  /** Runs `work` on the named transfer and answers where it went from and to. */
  const operation =
    (work: (tx: Tx, row: TransactionRow, history: StateRecord[]) => Promise<void>) =>
    async (tx: Tx, idOrNumber: string): Promise<OperatorTransferChange | undefined> => {
      const found = await locked(tx, idOrNumber);
      if (!found) return undefined;
      const from = currentOf(found.history).state;
      await work(tx, found.row, found.history);
      const after = await repository.historyOf(tx, found.row.id);
      return {
        transaction_id: found.row.id,
        transaction_number: found.row.transaction_number,
        from,
        state: currentOf(after).state,
      };
    };

  return {
    hold: operation(async (tx, row) => {
      await transitionTransfer(tx, {
        transactionId: row.id,
        to: 'ON-HOLD',
        cause: 'held-by-operator',
        holdReason: 'OPERATOR-HOLD',
      });
    }),

    release: operation(async (tx, row, history) => {
      const current = currentOf(history).state;
      const left = heldFrom(history);
      if (current !== 'ON-HOLD' || left === null) {
        throw new IllegalTransitionError(current, current, 'released-by-operator');
      }
      await transitionTransfer(tx, {
        transactionId: row.id,
        to: left,
        cause: 'released-by-operator',
      });
      // While it was held its next step found it elsewhere and left it: pick it up again.
      if (RESUMED.includes(left)) await flow.resume(tx, row.id, left);
      // Its proof of identity may have been decided while it was held.
      if (DOCUMENT_HOLDS.includes(left)) {
        await deps.documentHolds.settleOne(tx, row.id, row.customer_id);
      }
    }),

    settle: operation(async (tx, row) => flow.settle(tx, row)),
    fail: operation(async (tx, row) => flow.failPayout(tx, row)),
    refund: operation(async (tx, row) => flow.cancel(tx, row)),
  };
}
