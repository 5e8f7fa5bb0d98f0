import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSessionMemory, recallFromSession, rememberInSession } from './session-memory';

describe('session memory', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    forgetSessionMemory();
    window.sessionStorage.clear();
  });

  it('keeps a value in sessionStorage, so a reload of the tab still has it', () => {
    rememberInSession('calculator', { amount: '500' });
    expect(JSON.parse(window.sessionStorage.getItem('corridor.session.calculator') ?? '')).toEqual({
      amount: '500',
    });
    expect(recallFromSession('calculator')).toEqual({ amount: '500' });
  });

  it('has nothing for a name never kept, nor for text that is not JSON', () => {
    expect(recallFromSession('nothing')).toBeUndefined();
    window.sessionStorage.setItem('corridor.session.broken', '{not json');
    expect(recallFromSession('broken')).toBeUndefined();
  });

  it('forgets its own values and no one else’s', () => {
    rememberInSession('calculator', { amount: '500' });
    window.sessionStorage.setItem('other', 'kept');
    forgetSessionMemory();
    expect(recallFromSession('calculator')).toBeUndefined();
    expect(window.sessionStorage.getItem('other')).toBe('kept');
  });

  it('keeps the value in memory where storage is refused', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    rememberInSession('calculator', { amount: '500' });
    expect(recallFromSession('calculator')).toEqual({ amount: '500' });
  });
});
