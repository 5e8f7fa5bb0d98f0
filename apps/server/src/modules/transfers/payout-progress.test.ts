import type { TransactionStateCode } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import type { PartnerStatus } from '../payouts/index.ts';
import {
  changesForPartnerStatus,
  nextAfterClearance,
  refundProgressOf,
  type ClearanceCheck,
} from './payout-progress.ts';
import { createdRecord, transition, type StateRecord } from './transaction-states.ts';

const at = new Date('2026-11-28T12:00:00Z');
const status = (state: PartnerStatus['state']): PartnerStatus =>
  state === 'failed' || state === 'reversed'
    ? { state, since: at, reason: 'test', checkAgainAt: null }
    : { state, since: at, checkAgainAt: null };

/** Applies the planned changes with the machine: each must be allowed. */
function walk(from: StateRecord[], state: PartnerStatus['state']): TransactionStateCode[] {
  let history = from;
  const current = history.at(-1)?.state ?? 'CREATED';
  for (const change of changesForPartnerStatus(current, status(state))) {
    history = [...history, transition(history, { ...change, at })];
  }
  return history.map((record) => record.state);
}

function historyTo(...states: TransactionStateCode[]): StateRecord[] {
  const causes = {
    'PENDING-PAYMENT': 'payment-opened',
    'PAYMENT-CLEARED': 'payment-cleared',
    'CONVERTING-FOREX': 'conversion-started',
    'AVAILABLE-FOR-PAYOUT': 'converted',
    'SENDING-FOR-PAYOUT': 'sending-for-payout',
    'SENT-FOR-PAYOUT': 'partner-accepted',
    'PAYOUT-SUCCESS': 'partner-confirmed',
  } as const;
  let history = [createdRecord(at)];
  for (const state of states) {
    const cause = causes[state as keyof typeof causes];
    history = [...history, transition(history, { to: state, cause, at })];
  }
  return history;
}

const TO_HAND_OVER = [
  'PENDING-PAYMENT',
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
  'SENDING-FOR-PAYOUT',
] as const;
const handedOver = historyTo(...TO_HAND_OVER);

describe('changes for the partner’s answers', () => {
  it('follows the partner one step at a time, each change allowed by the machine', () => {
    expect(walk(handedOver, 'accepted').at(-1)).toBe('SENDING-FOR-PAYOUT');
    expect(walk(handedOver, 'sent').at(-1)).toBe('SENT-FOR-PAYOUT');
    const sent = historyTo(...TO_HAND_OVER, 'SENT-FOR-PAYOUT');
    expect(walk(sent, 'paid').slice(-2)).toEqual(['SENT-FOR-PAYOUT', 'PAYOUT-SUCCESS']);
    expect(walk(sent, 'failed').at(-1)).toBe('PAYOUT-FAILED');
  });

  it('catches up when a late poll finds the payout further on', () => {
    expect(walk(handedOver, 'paid').slice(-3)).toEqual([
      'SENDING-FOR-PAYOUT',
      'SENT-FOR-PAYOUT',
      'PAYOUT-SUCCESS',
    ]);
    expect(walk(handedOver, 'reversed').slice(-3)).toEqual([
      'SENT-FOR-PAYOUT',
      'PAYOUT-SUCCESS',
      'PAYOUT-REVERSED',
    ]);
    expect(walk(handedOver, 'failed').at(-1)).toBe('PAYOUT-FAILED');
  });

  it('changes nothing when the transfer is there already or no longer paying out', () => {
    expect(changesForPartnerStatus('SENT-FOR-PAYOUT', status('sent'))).toEqual([]);
    expect(changesForPartnerStatus('PAYOUT-SUCCESS', status('paid'))).toEqual([]);
    expect(changesForPartnerStatus('PAYOUT-SUCCESS', status('failed'))).toEqual([]);
    for (const state of ['PAYOUT-REVERSED', 'CANCELLED', 'PAYOUT-FAILED'] as const) {
      expect(changesForPartnerStatus(state, status('reversed'))).toEqual([]);
    }
  });
});

describe('after clearance', () => {
  const facts = { transactionId: 't', customerId: 'c' };

  it('converts when no check holds, and the first check that holds wins', async () => {
    expect(await nextAfterClearance('no-db', facts, [])).toEqual({ next: 'convert' });
    const none: ClearanceCheck<string> = async () => null;
    const review: ClearanceCheck<string> = async () => ({
      next: 'hold',
      reason: 'COMPLIANCE-REVIEW',
    });
    const document: ClearanceCheck<string> = async () => ({
      next: 'hold',
      reason: 'DOCUMENT-BEING-CHECKED',
    });
    expect(await nextAfterClearance('no-db', facts, [none, review, document])).toEqual({
      next: 'hold',
      reason: 'COMPLIANCE-REVIEW',
    });
  });
});

describe('refund progress', () => {
  it('reads how far the money went from the history', () => {
    expect(refundProgressOf(historyTo('PENDING-PAYMENT', 'PAYMENT-CLEARED'))).toEqual({
      converted: false,
    });
    expect(refundProgressOf(handedOver)).toEqual({ converted: true });
  });
});
