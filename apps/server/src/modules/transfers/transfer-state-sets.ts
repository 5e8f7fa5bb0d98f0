import type { TransactionStateCode } from '@corridor/contracts';
import { TRANSACTION_STATES, countsTowardLimits } from './transaction-states.ts';

/** The states whose transfers count toward the rolling limits (transaction-states.ts). */
export const COUNTING_STATES = (Object.keys(TRANSACTION_STATES) as TransactionStateCode[]).filter(
  countsTowardLimits,
);

/** The states of a finished transfer: nothing more moves its money (the ledger's check). */
export const FINISHED_STATES = [
  'PAYOUT-SUCCESS',
  'PAYOUT-REVERSED',
  'CANCELLED',
] as const satisfies readonly TransactionStateCode[];
