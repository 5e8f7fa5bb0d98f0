import { describe, expect, it } from 'vitest';
import { buildCustomer } from './customer-fixture.ts';

describe('buildCustomer', () => {
  it('builds a customer the contract accepts, merging objects key by key', () => {
    const customer = buildCustomer({
      name: 'Ada',
      account: { email: 'grace@example.com' },
      session: { is_mfa_completed: false },
    });
    expect(customer.name).toBe('Ada');
    expect(customer.account).toMatchObject({ email: 'grace@example.com', is_email_verified: true });
    expect(customer.session).toMatchObject({ is_mfa_completed: false, mfa_method: 'EMAIL-OTP' });
  });

  it('refuses overrides the contract does not allow', () => {
    expect(() => buildCustomer({ crn: 42 as unknown as string })).toThrow();
  });
});
