import type { TransactionStateCode } from '@corridor/contracts';
import { HAPPY_PATH, currentOf, heldFrom, type StateRecord } from './transaction-states.ts';

/**
 * A transfer's timeline (docs/product/sending-money.md#transaction-states): the states it went
 * through, then those still to come on the way to a payout if nothing more goes wrong.
 */

/** The states still to come when nothing more goes wrong, after `history`'s current state. */
export function stepsToCome(history: readonly StateRecord[]): TransactionStateCode[] {
  const current = currentOf(history).state;
  const after = (state: TransactionStateCode): TransactionStateCode[] => {
    const index = (HAPPY_PATH as readonly TransactionStateCode[]).indexOf(state);
    return index === -1 ? [] : HAPPY_PATH.slice(index + 1);
  };
  switch (current) {
    case 'DOCUMENT-REQUIRED':
      return ['DOCUMENT-PROVIDED', 'CONVERTING-FOREX', ...after('CONVERTING-FOREX')];
    case 'DOCUMENT-PROVIDED':
    case 'UNDER-REVIEW':
      return ['CONVERTING-FOREX', ...after('CONVERTING-FOREX')];
    case 'ON-HOLD': {
      const left = heldFrom(history);
      if (left === null) return [];
      return [left, ...stepsToCome([...history, { ...currentOf(history), state: left }])];
    }
    // The happy continuation of a failed payout is its retry.
    case 'PAYOUT-FAILED':
      return ['SENDING-FOR-PAYOUT', ...after('SENDING-FOR-PAYOUT')];
    default:
      return after(current);
  }
}

/** A step of the timeline: a state entered at `at`, or still to come (`at` null). */
export interface TimelineStep {
  state: TransactionStateCode;
  at: Date | null;
}

/** The history, then the steps still to come with null times. */
export function timelineOf(history: readonly StateRecord[]): TimelineStep[] {
  return [
    ...history.map((record) => ({ state: record.state, at: record.at })),
    ...stepsToCome(history).map((state) => ({ state, at: null })),
  ];
}
