import { HttpResponse, http } from 'msw';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { setRealtimeFactory } from '@/features/realtime';
import { registerNavigate } from '@/lib/navigation';
import { queryClient } from '@/lib/query-client';
import { fakeRealtimeFactory, serveRealtimeConfig, type FakeChannel } from '@/test/fake-realtime';
import { customerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { useCustomerChannel } from './use-customer-channel';

const navigate = vi.fn();
let undo: (() => void)[] = [];
let fake: ReturnType<typeof fakeRealtimeFactory>;

beforeEach(() => {
  fake = fakeRealtimeFactory();
  undo = [setRealtimeFactory(fake.factory), registerNavigate(navigate)];
  serveRealtimeConfig();
});

afterEach(() => {
  undo.forEach((fn) => fn());
  navigate.mockReset();
  vi.restoreAllMocks();
});

async function subscribe() {
  const customer = customerFixture();
  setCustomer(customer);
  const hook = renderHook(() => useCustomerChannel(customer));
  const channelName = `private-client-customer.${customer.id}`;
  await waitFor(() => expect(fake.clients[0]?.channels.has(channelName)).toBe(true));
  const channel = fake.clients[0]?.channels.get(channelName) as FakeChannel;
  return { customer, hook, channel, channelName };
}

describe('useCustomerChannel', () => {
  it('refreshes the profile once on CustomerProfileUpdated', async () => {
    const { customer, channel } = await subscribe();
    let fetches = 0;
    server.use(
      http.get('/client/v1/profile', () => {
        fetches += 1;
        return HttpResponse.json({ ...customer, name: 'Amina' });
      }),
    );

    channel.emit('.CustomerProfileUpdated', { customer_id: customer.id });

    await waitFor(() => expect(getCustomer()?.name).toBe('Amina'));
    expect(fetches).toBe(1);
  });

  it('signs this device out to sign-in, saying why (defect 21), on DeviceSignedOut for its own session', async () => {
    window.history.replaceState(null, '', '/settings');
    const { customer, channel } = await subscribe();
    queryClient.setQueryData(['other'], 1);

    channel.emit('.DeviceSignedOut', { session_id: customer.session.id });

    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/?redirect=%2Fsettings&referer=signed-out-elsewhere', {
        replace: true,
      }),
    );
    expect(getCustomer()).toBeUndefined();
    expect(queryClient.getQueryData(['other'])).toBeUndefined();
    expect(fake.clients[0]?.disconnected).toBe(1);
  });

  it('ignores DeviceSignedOut for another session', async () => {
    const { customer, channel } = await subscribe();

    channel.emit('.DeviceSignedOut', { session_id: '6f1f0a52-0d43-4d8e-9a4a-0a8c2c3f7b11' });

    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(navigate).not.toHaveBeenCalled();
    expect(getCustomer()).toEqual(customer);
    expect(fake.clients[0]?.disconnected).toBe(0);
  });

  it('leaves the channel on unmount', async () => {
    const { hook, channelName } = await subscribe();

    hook.unmount();

    expect(fake.clients[0]?.left).toEqual([channelName]);
  });

  it('only logs when the subscription is refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { channel } = await subscribe();

    channel.errorCallback?.({ type: 'AuthError', status: 403 });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('only logs when the connection cannot be made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    undo.push(setRealtimeFactory(() => Promise.reject(new Error('offline'))));
    const customer = customerFixture();

    renderHook(() => useCustomerChannel(customer));

    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(navigate).not.toHaveBeenCalled();
  });
});
