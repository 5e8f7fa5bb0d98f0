import { describe, expect, it } from 'vitest';
import { recallFromSession, rememberInSession } from '@/lib/session-memory';
import { forgetSession } from './sign-out';

describe('forgetSession', () => {
  it('issue 28: forgets what the tab kept for the session, the calculator’s amounts with it', async () => {
    rememberInSession('calculator', { '': { amount_type: 'receive', amount: '40000.00' } });
    await forgetSession();
    expect(recallFromSession('calculator')).toBeUndefined();
    expect(window.sessionStorage.getItem('corridor.session.calculator')).toBeNull();
  });
});
