import { HttpResponse, delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { customerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import {
  clearCustomer,
  ensureCustomer,
  getCustomer,
  refreshCustomer,
  setCustomer,
} from './customer-store';

/** Serves the profile, counting requests; each answer is a new object with a new crn. */
function serveProfile(options: { delayMs?: number } = {}) {
  const calls = { count: 0 };
  server.use(
    http.get('/client/v1/profile', async () => {
      calls.count += 1;
      await delay(options.delayMs ?? 0);
      return HttpResponse.json({ ...customerFixture(), crn: `C${calls.count}` });
    }),
  );
  return calls;
}

describe('customer store', () => {
  it('refreshCustomer fetches the profile, parses it and stores it', async () => {
    serveProfile();
    const customer = await refreshCustomer();
    expect(customer.account.email).toBe('ada@example.com');
    expect(getCustomer()).toBe(customer);
  });

  it('concurrent refreshes share one in-flight request and get the same customer', async () => {
    const calls = serveProfile({ delayMs: 30 });

    const [first, second] = await Promise.all([refreshCustomer(), refreshCustomer()]);

    expect(calls.count).toBe(1);
    expect(second).toBe(first);
    expect(getCustomer()).toBe(first);
  });

  it('a refresh after the previous one finished asks the server again', async () => {
    const calls = serveProfile();
    await refreshCustomer();
    const again = await refreshCustomer();
    expect(calls.count).toBe(2);
    expect(again.crn).toBe('C2');
  });

  it('ensureCustomer fetches only when nothing is stored', async () => {
    const calls = serveProfile();
    const stored = await ensureCustomer();
    expect(await ensureCustomer()).toBe(stored);
    expect(calls.count).toBe(1);
  });

  it('setCustomer replaces the stored customer without a request', async () => {
    const calls = serveProfile();
    const fromLogin = { ...customerFixture(), crn: 'FROM-LOGIN' };
    setCustomer(fromLogin);
    expect(getCustomer()).toBe(fromLogin);
    expect(await ensureCustomer()).toBe(fromLogin);
    expect(calls.count).toBe(0);
  });

  it('setCustomer wins over an older profile fetch still in flight', async () => {
    serveProfile({ delayMs: 40 });
    const refresh = refreshCustomer();
    const fromMfa = { ...customerFixture(), crn: 'FROM-MFA' };
    setCustomer(fromMfa);

    await expect(refresh).resolves.toBe(fromMfa);
    await delay(60);
    expect(getCustomer()).toBe(fromMfa);
  });

  it('clearCustomer forgets the stored customer', () => {
    setCustomer(customerFixture());
    clearCustomer();
    expect(getCustomer()).toBeUndefined();
  });

  it('rejects an answer that does not match the contracts and stores nothing', async () => {
    server.use(http.get('/client/v1/profile', () => HttpResponse.json({ id: 'not-a-customer' })));
    await expect(refreshCustomer()).rejects.toBeInstanceOf(ZodError);
    expect(getCustomer()).toBeUndefined();
  });

  it('a failed refresh keeps the customer already stored', async () => {
    const stored = customerFixture();
    setCustomer(stored);
    server.use(
      http.get('/client/v1/profile', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    await expect(refreshCustomer()).rejects.toThrow();
    expect(getCustomer()).toBe(stored);
  });
});
