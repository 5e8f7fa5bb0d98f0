import type { HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { documentHoldChanges, holdAtClearance, type IdentityProof } from './document-holds-plan.ts';
import { createdRecord, transition, type StateRecord } from './transaction-states.ts';

const at = new Date('2026-03-05T09:00:00Z');
const checking: IdentityProof = { approved: false, beingChecked: true };
const approved: IdentityProof = { approved: true, beingChecked: false };
const rejected: IdentityProof = { approved: false, beingChecked: false };

/** A history that reached PAYMENT-CLEARED, then the hold `reason` through the machine. */
function heldFor(reason: HoldReasonCode): StateRecord[] {
  const history = [createdRecord(at)];
  const step = (to: TransactionStateCode, cause: Parameters<typeof transition>[1]['cause']) =>
    history.push(transition(history, { to, cause, at }));
  step('PENDING-PAYMENT', 'payment-opened');
  step('PAYMENT-CLEARED', 'payment-cleared');
  const to = reason === 'DOCUMENT-BEING-CHECKED' ? 'UNDER-REVIEW' : 'DOCUMENT-REQUIRED';
  const cause = to === 'UNDER-REVIEW' ? 'review-required' : 'document-required';
  history.push(transition(history, { to, cause, at, holdReason: reason }));
  return history;
}

/** Applies the planned changes through the machine: each must be a change it allows. */
function apply(history: StateRecord[], proof: IdentityProof): StateRecord[] {
  const next = [...history];
  for (const change of documentHoldChanges(last(history), proof)) {
    next.push(transition(next, { ...change, at }));
  }
  return next;
}

/** The state a history ends in. */
function last(history: readonly StateRecord[]): StateRecord {
  const current = history.at(-1);
  if (!current) throw new Error('empty history');
  return current;
}

const statesOf = (history: readonly StateRecord[]) => history.slice(3).map((r) => r.state);

describe('holdAtClearance', () => {
  it('lets a transfer move on once a proof of identity is approved, whatever else is checked', () => {
    expect(holdAtClearance(approved, false)).toBeNull();
    expect(holdAtClearance({ approved: true, beingChecked: true }, true)).toBeNull();
  });

  it('waits while one is checked, and needs one when none is', () => {
    expect(holdAtClearance(checking, true)).toBe('DOCUMENT-BEING-CHECKED');
    expect(holdAtClearance(rejected, true)).toBe('DOCUMENT-REJECTED');
    expect(holdAtClearance(rejected, false)).toBe('DOCUMENT-OWED');
  });
});

describe('documentHoldChanges', () => {
  it('moves a transfer waiting for the check on once the proof is approved', () => {
    const history = apply(heldFor('DOCUMENT-BEING-CHECKED'), approved);
    expect(statesOf(history)).toEqual(['UNDER-REVIEW', 'CONVERTING-FOREX']);
    expect(history.at(-1)?.cause).toBe('review-passed');
  });

  it('keeps it waiting while the check goes on (a message about another status)', () => {
    expect(documentHoldChanges(last(heldFor('DOCUMENT-BEING-CHECKED')), checking)).toEqual([]);
  });

  it('asks for a document when the proof is rejected, with the reason and its action', () => {
    const history = apply(heldFor('DOCUMENT-BEING-CHECKED'), rejected);
    expect(statesOf(history)).toEqual(['UNDER-REVIEW', 'DOCUMENT-REQUIRED']);
    expect(history.at(-1)?.hold).toEqual({
      reason: 'DOCUMENT-REJECTED',
      action: 'UPLOAD-DOCUMENT',
    });
  });

  it('goes DOCUMENT-PROVIDED when a new one is handed in, then on when it is approved', () => {
    const required = apply(heldFor('DOCUMENT-BEING-CHECKED'), rejected);
    const provided = apply(required, checking);
    expect(statesOf(provided)).toEqual(['UNDER-REVIEW', 'DOCUMENT-REQUIRED', 'DOCUMENT-PROVIDED']);
    expect(provided.at(-1)?.hold).toBeNull();
    const onwards = apply(provided, approved);
    expect(onwards.at(-1)).toMatchObject({ state: 'CONVERTING-FOREX', cause: 'document-accepted' });
  });

  it('is rejected again from DOCUMENT-PROVIDED', () => {
    const provided = apply(apply(heldFor('DOCUMENT-REJECTED'), checking), rejected);
    expect(statesOf(provided)).toEqual([
      'DOCUMENT-REQUIRED',
      'DOCUMENT-PROVIDED',
      'DOCUMENT-REQUIRED',
    ]);
  });

  it('catches up when the approval is all it hears: through DOCUMENT-PROVIDED', () => {
    const history = apply(heldFor('DOCUMENT-OWED'), approved);
    expect(statesOf(history)).toEqual([
      'DOCUMENT-REQUIRED',
      'DOCUMENT-PROVIDED',
      'CONVERTING-FOREX',
    ]);
  });

  it('changes nothing twice, and nothing not held for a document', () => {
    const moved = apply(heldFor('DOCUMENT-BEING-CHECKED'), approved);
    expect(documentHoldChanges(last(moved), approved)).toEqual([]);
    const operatorHeld = transition(heldFor('DOCUMENT-BEING-CHECKED'), {
      to: 'ON-HOLD',
      cause: 'held-by-operator',
      at,
      holdReason: 'OPERATOR-HOLD',
    });
    expect(documentHoldChanges(operatorHeld, approved)).toEqual([]);
    const compliance: StateRecord = {
      state: 'UNDER-REVIEW',
      cause: 'review-required',
      at,
      hold: { reason: 'COMPLIANCE-REVIEW', action: 'WAIT-FOR-REVIEW' },
    };
    expect(documentHoldChanges(compliance, approved)).toEqual([]);
  });
});
