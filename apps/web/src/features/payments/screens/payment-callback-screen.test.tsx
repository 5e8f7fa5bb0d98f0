import type { PaymentStateCode, Transaction } from '@corridor/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeRealtimeEachTest, type FakeChannel } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { CALLBACK_POLL_MS, PaymentCallbackScreen } from './payment-callback-screen';

const id = fixtureId(7, 1);
const fake = fakeRealtimeEachTest();
afterEach(() => {
  vi.useRealTimers();
});

const paying = (state: PaymentStateCode) =>
  transactionFixture({ payment: paymentFixture({ state, providerCode: 'PAY360' }) });

function serveTransaction(initial: Transaction | Response) {
  const state = { current: initial, reads: 0 };
  server.use(
    http.get(`/client/v1/transaction/${id}`, () => {
      state.reads += 1;
      const { current } = state;
      return current instanceof Response ? current : HttpResponse.json(current);
    }),
  );
  return state;
}

function renderCallback() {
  return renderRoutes(
    [
      { path: '/payment/cb/:transactionId', Component: PaymentCallbackScreen },
      { path: '/transaction/:transactionId', element: <p>Transaction page</p> },
      { path: '/pay/:transactionId', element: <p>Payment page</p> },
    ],
    // The provider's own query is ignored: only the transfer's id is read.
    `/payment/cb/${id}?status=success&amount=1`,
  );
}

describe('PaymentCallbackScreen', () => {
  it('awaits the payment, polls as the fallback, and opens the transfer once captured', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server$ = serveTransaction(paying('REDIRECTED'));
    const { router } = renderCallback();
    expect(await screen.findByText('Awaiting payment update')).toBeInTheDocument();
    server$.current = paying('CAPTURED');
    await act(() => vi.advanceTimersByTimeAsync(CALLBACK_POLL_MS));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transaction/${id}`));
  });

  it('settles on the payment event without waiting for a poll', async () => {
    serveTransaction(paying('REDIRECTED'));
    renderCallback();
    await screen.findByText('Awaiting payment update');
    const name = `private-client-payment.${fixtureId(8, 1)}`;
    await waitFor(() => expect(fake().clients[0]?.channels.has(name)).toBe(true));
    const channel = fake().clients[0]?.channels.get(name) as FakeChannel;
    act(() =>
      channel.emit('.PaymentTransactionStateUpdated', {
        id: fixtureId(8, 1),
        state: paymentFixture({ state: 'FAILED' }).state,
        shared_reference: 'TP7402166',
        payment_url: null,
      }),
    );
    expect(await screen.findByText('Your payment failed')).toBeInTheDocument();
  });

  it('pays again after a failure, then goes to the payment screen', async () => {
    const user = userEvent.setup();
    serveTransaction(paying('FAILED'));
    let retried = 0;
    server.use(
      http.post(`/client/v1/transaction/payment/${id}`, () => {
        retried += 1;
        return HttpResponse.json(
          paymentFixture({
            id: fixtureId(8, 2),
            state: 'CREATED',
            sharedReference: 'TP7402166-002',
          }),
        );
      }),
    );
    const { router } = renderCallback();
    await user.click(await screen.findByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${id}`));
    expect(retried).toBe(1);
  });

  it.each([
    ['TIMED-OUT', 'Your payment expired'],
    ['CANCELLED', 'No money has moved.'],
    ['REFUNDED', 'Payment refunded'],
  ] as const)('says what a %s payment means', async (state, words) => {
    const server$ = serveTransaction(paying(state));
    renderCallback();
    expect(await screen.findByText(words)).toBeInTheDocument();
    expect(screen.queryByText('Awaiting payment update')).not.toBeInTheDocument();
    expect(server$.reads).toBe(1);
  });

  it("says it couldn't check the payment, with a way to try again", async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(HttpResponse.json({ message: 'Slow down.' }, { status: 429 }));
    renderCallback();
    expect(
      await screen.findByRole('alert', { name: "We couldn't check your payment" }),
    ).toBeInTheDocument();
    server$.current = paying('CAPTURED');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
  });
});
