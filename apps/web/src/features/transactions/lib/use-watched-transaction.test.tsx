import type { Transaction } from '@corridor/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { fakeRealtimeEachTest, type FakeChannel } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { isFinal } from './transaction-flags';
import { SLOW_WATCH_MS, useWatchedTransaction, type WatchOptions } from './use-watched-transaction';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const fake = fakeRealtimeEachTest();
afterEach(() => {
  vi.useRealTimers();
});

const pending = transactionFixture();
const id = pending.id;

/** Answers GET /transaction/{id} with each of `answers` in turn, the last one again after. */
function serveTransaction(...answers: Transaction[]): { count: number } {
  const calls = { count: 0 };
  server.use(
    http.get(`/client/v1/transaction/${id}`, () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      return HttpResponse.json(answer);
    }),
  );
  return calls;
}

const notFinal: WatchOptions = { isWaiting: (transaction) => !isFinal(transaction), pollMs: 5_000 };

async function channel(name: string): Promise<FakeChannel> {
  await waitFor(() => expect(fake().clients[0]?.channels.has(name)).toBe(true));
  return fake().clients[0]?.channels.get(name) as FakeChannel;
}

describe('useWatchedTransaction', () => {
  it('fetches at once, and again when TransactionStateUpdated arrives on its channel', async () => {
    const cleared = transactionFixture({ state: 'PAYMENT-CLEARED' });
    const calls = serveTransaction(pending, cleared);
    const { result } = renderHook(() => useWatchedTransaction(id, notFinal), { wrapper });
    await waitFor(() => expect(result.current.transaction?.state.code).toBe('PENDING-PAYMENT'));
    expect(calls.count).toBe(1);

    const events = await channel(`private-client-transaction.${id}`);
    act(() =>
      events.emit('.TransactionStateUpdated', { transaction_id: id, state: 'PAYMENT-CLEARED' }),
    );
    await waitFor(() => expect(result.current.transaction?.state.code).toBe('PAYMENT-CLEARED'));
    expect(calls.count).toBe(2);
  });

  it('fetches again when its channel is joined, after its first paint (issue 31), and on each rejoin', async () => {
    const cleared = transactionFixture({ state: 'PAYMENT-CLEARED' });
    const calls = serveTransaction(pending, cleared);
    const { result } = renderHook(() => useWatchedTransaction(id, notFinal), { wrapper });
    await waitFor(() => expect(result.current.transaction?.state.code).toBe('PENDING-PAYMENT'));
    const events = await channel(`private-client-transaction.${id}`);
    expect(calls.count).toBe(1);

    // What changed before the subscription landed was sent to nobody.
    act(() => events.land());
    await waitFor(() => expect(result.current.transaction?.state.code).toBe('PAYMENT-CLEARED'));
    expect(calls.count).toBe(2);
    act(() => events.land());
    await waitFor(() => expect(calls.count).toBe(3));
  });

  it('ignores an event about another transfer', async () => {
    serveTransaction(pending);
    const { result } = renderHook(() => useWatchedTransaction(id, notFinal), { wrapper });
    await waitFor(() => expect(result.current.transaction).toBeDefined());
    const events = await channel(`private-client-transaction.${id}`);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    act(() => {
      events.emit('.TransactionStateUpdated', {
        transaction_id: '00000007-0000-4000-8000-000000000099',
        state: 'CANCELLED',
      });
      // Handled in order: once this one has refreshed, the one before was handled too.
      events.emit('.TransactionStateUpdated', { transaction_id: id, state: 'PAYMENT-CLEARED' });
    });
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
    expect(invalidate).toHaveBeenCalledTimes(1);
    invalidate.mockRestore();
  });

  it('polls while waiting, and stops once the transfer is settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const paid = transactionFixture({ state: 'PAYOUT-SUCCESS' });
    const calls = serveTransaction(pending, pending, paid);
    const { result } = renderHook(() => useWatchedTransaction(id, notFinal), { wrapper });
    await waitFor(() => expect(calls.count).toBe(1));

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(calls.count).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(result.current.transaction?.state.code).toBe('PAYOUT-SUCCESS'));
    expect(calls.count).toBe(3);

    // Settled: a minute more asks nothing, and nothing says it is slow.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls.count).toBe(3);
    expect(result.current.isSlow).toBe(false);
  });

  it('says it is taking longer than usual after a minute on the same step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveTransaction(pending);
    const { result } = renderHook(
      () => useWatchedTransaction(id, { isWaiting: () => true, pollMs: 5_000 }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.transaction).toBeDefined());
    await act(() => vi.advanceTimersByTimeAsync(SLOW_WATCH_MS - 1_000));
    expect(result.current.isSlow).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current.isSlow).toBe(true);
  });

  it('refreshes when the tab becomes visible again', async () => {
    const calls = serveTransaction(pending);
    const { result } = renderHook(() => useWatchedTransaction(id, { isWaiting: () => false }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.transaction).toBeDefined());
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(calls.count).toBe(2));
  });

  it("applies a payment event's keys to the payment it names", async () => {
    serveTransaction(pending);
    const { result } = renderHook(
      () => useWatchedTransaction(id, { ...notFinal, followPayment: true }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.transaction).toBeDefined());
    const paymentId = pending.payment.id;
    const events = await channel(`private-client-payment.${paymentId}`);
    const captured = paymentFixture({ state: 'CAPTURED' });
    act(() =>
      events.emit('.PaymentTransactionStateUpdated', {
        id: paymentId,
        state: captured.state,
        shared_reference: 'TP7402166',
        payment_url: null,
      }),
    );
    await waitFor(() => expect(result.current.transaction?.payment.state.code).toBe('CAPTURED'));
    // Keys the event leaves out keep their values.
    expect(result.current.transaction?.payment.awaiting_confirmation).toBe(false);
    expect(result.current.transaction?.state.code).toBe('PENDING-PAYMENT');
  });

  it('follows the new payment after a retry replaces it', async () => {
    serveTransaction(pending);
    const { result } = renderHook(
      () => useWatchedTransaction(id, { ...notFinal, followPayment: true }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.transaction).toBeDefined());
    // Joined first: a channel replaced before its deferred join lands is never joined, so
    // never left (it failed so on a busy machine).
    await channel(`private-client-payment.${pending.payment.id}`);
    const second = paymentFixture({
      id: '00000008-0000-4000-8000-000000000002',
      state: 'CREATED',
      sharedReference: 'TP7402166-002',
    });
    act(() => result.current.replacePayment(second));
    await waitFor(() =>
      expect(result.current.transaction?.payment.shared_reference).toBe('TP7402166-002'),
    );
    await channel(`private-client-payment.${second.id}`);
    expect(fake().clients[0]?.left).toContain(`private-client-payment.${pending.payment.id}`);
  });
});
