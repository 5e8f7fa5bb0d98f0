import { afterEach, describe, expect, it } from 'vitest';
import { forgetSessionMemory, rememberInSession } from '@/lib/session-memory';
import { forgetCalculator, recallCalculator, rememberCalculator } from './calculator-memory';

const india = {
  amount_type: 'receive',
  amount: '40000.00',
  payout_country_id: '0b4f5f5c-8a5c-4c6e-9a53-3b3c5c1d2e01',
  payout_method_id: '0b4f5f5c-8a5c-4c6e-9a53-3b3c5c1d2e03',
} as const;

describe('calculator memory', () => {
  afterEach(() => forgetSessionMemory());

  it('recalls what each calculator left, the general one apart from a recipient’s', () => {
    rememberCalculator('', india);
    rememberCalculator('recipient-1', { amount_type: 'send', amount: '500' });
    expect(recallCalculator('')).toEqual(india);
    expect(recallCalculator('recipient-1')).toEqual({ amount_type: 'send', amount: '500' });
    expect(recallCalculator('recipient-2')).toBeUndefined();
  });

  it('keeps it in sessionStorage, so a reload of the tab has it', () => {
    rememberCalculator('', india);
    expect(JSON.parse(window.sessionStorage.getItem('corridor.session.calculator') ?? '')).toEqual({
      '': india,
    });
  });

  it('forgets one calculator and keeps the others', () => {
    rememberCalculator('', india);
    rememberCalculator('recipient-1', { amount: '500' });
    forgetCalculator('');
    expect(recallCalculator('')).toBeUndefined();
    expect(recallCalculator('recipient-1')).toEqual({ amount: '500' });
  });

  it('recalls only a request: its own keys, as strings, and a side that is one', () => {
    rememberInSession('calculator', {
      a: { ...india, extra: 'dropped' },
      b: { amount: 500 },
      c: { amount_type: 'both' },
      d: 'text',
    });
    expect(recallCalculator('a')).toEqual(india);
    expect(recallCalculator('b')).toBeUndefined();
    expect(recallCalculator('c')).toBeUndefined();
    expect(recallCalculator('d')).toBeUndefined();
  });
});
