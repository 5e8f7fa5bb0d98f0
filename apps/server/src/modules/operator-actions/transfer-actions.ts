import type { OperatorTransferAction, OperatorTransferChange } from '../transfers/index.ts';
import type { OperatorActionCode } from './operator-action-codes.ts';

/**
 * An operator's actions on transfers (`npm run ops -- transfers:hold|release|settle|fail|refund`,
 * decision 0039): the code each is recorded under, and how a refusal names it. The transfers
 * module does them (its TransferOperations), in the transaction of their record.
 */
export const TRANSFER_ACTIONS: Record<
  OperatorTransferAction,
  { code: OperatorActionCode; verb: string }
> = {
  hold: { code: 'transfer-held', verb: 'held' },
  release: { code: 'transfer-released', verb: 'released' },
  settle: { code: 'transfer-settled', verb: 'settled' },
  fail: { code: 'transfer-payout-failed', verb: 'failed' },
  refund: { code: 'transfer-refunded', verb: 'refunded' },
};

/** What an operator's action on a transfer answers. */
export interface TransferActionResult extends OperatorTransferChange {
  operator: string;
  reason: string;
}
