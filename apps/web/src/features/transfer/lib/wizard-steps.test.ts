import { describe, expect, it } from 'vitest';
import { nextOpenStep, railSteps, type StepFacts } from './wizard-steps';

const none: StepFacts = { hasRecipient: true, addressOwed: false, documentsOwed: false };

describe('the wizard’s steps (docs/product/routes-and-screens.md#transfer-wizard)', () => {
  it('opens on the first step with something to do, review last', () => {
    expect(nextOpenStep({ ...none, hasRecipient: false, addressOwed: true })).toBe('recipient');
    expect(nextOpenStep({ ...none, addressOwed: true, documentsOwed: true })).toBe('address');
    expect(nextOpenStep({ ...none, documentsOwed: true })).toBe('verification');
    expect(nextOpenStep(none)).toBe('review');
  });

  it('moves on from a step to the next one owed', () => {
    const facts = { ...none, addressOwed: true, documentsOwed: true };
    expect(nextOpenStep(facts, 'verification')).toBe('verification');
    expect(nextOpenStep({ ...facts, documentsOwed: false }, 'verification')).toBe('review');
  });

  it('shows address and verification only while owed, or once shown', () => {
    expect(railSteps(none, new Set())).toEqual(['recipient', 'review']);
    expect(railSteps({ ...none, documentsOwed: true }, new Set())).toEqual([
      'recipient',
      'verification',
      'review',
    ]);
    expect(railSteps(none, new Set(['address']))).toEqual(['recipient', 'address', 'review']);
  });
});
