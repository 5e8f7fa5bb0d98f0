import type { Payment, PaymentStateCode, Transaction } from '@corridor/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionLoader, transactionsMessages } from '@/features/transactions/parts';
import { commonMessages, setLocale } from '@/i18n';
import { fakeRealtimeEachTest, type FakeChannel } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { uiMessages } from '@/ui/messages';
import { PAUSED_REDIRECT_MS } from '../components/pay-again';
import { paymentsMessages } from '../messages';
import { MakePaymentScreen } from './make-payment-screen';
import { PaymentCallbackScreen } from './payment-callback-screen';

// Paying by card (docs/product/sending-money.md#paying-by-card): the Pay button to the hosted
// page, and the callback's outcomes for a card.

const id = fixtureId(7, 1);
const fake = fakeRealtimeEachTest();
afterEach(() => {
  vi.useRealTimers();
});

const pageUrl = (paymentId: string) =>
  `http://127.0.0.1:8080/sandbox/card/${paymentId}?token=abc&lang=en`;

/** A card payment: the hosted provider's, with its page's URL while PENDING. */
function cardPayment(state: PaymentStateCode = 'PENDING', options: Partial<Payment> = {}): Payment {
  const bank = paymentFixture({ state, providerCode: 'CORRIDOR-SANDBOX-CARD' });
  const paymentId = options.id ?? bank.id;
  return {
    ...bank,
    payment_method: { ...bank.payment_method, code: 'SANDBOX-CARD', title: 'Card' },
    payment_url: state === 'PENDING' ? pageUrl(paymentId) : null,
    client_payment_account: null,
    payment_terms: null,
    ...options,
  };
}

const paying = (payment: Payment) => transactionFixture({ state: 'PENDING-PAYMENT', payment });

function serveTransaction(initial: Transaction) {
  const state = { current: initial, reads: 0 };
  server.use(
    http.get(`/client/v1/transaction/${id}`, () => {
      state.reads += 1;
      return HttpResponse.json(state.current);
    }),
  );
  return state;
}

function render(at: string) {
  return renderRoutes(
    [
      // With its loader, as app/router.tsx gives it: the screen does not ask again as it mounts.
      { path: '/pay/:transactionId', Component: MakePaymentScreen, loader: transactionLoader },
      { path: '/payment/cb/:transactionId', Component: PaymentCallbackScreen },
      { path: '/transaction/:transactionId', element: <p>Transaction page</p> },
    ],
    at,
  );
}

describe('paying by card', () => {
  it('links the Pay button to the hosted page in this tab, and says so once pressed', async () => {
    serveTransaction(paying(cardPayment()));
    render(`/pay/${id}`);
    const pay = await screen.findByRole('link', { name: 'Pay GBP 101.99 by card' });
    expect(pay).toHaveAttribute('href', pageUrl(fixtureId(8, 1)));
    expect(pay).not.toHaveAttribute('target');
    expect(screen.getByText(/Your card details never reach Corridor/)).toBeInTheDocument();
    expect(screen.queryByTestId('bank-transfer-details')).not.toBeInTheDocument();
    // happy-dom does not navigate: the click is what the screen sees before the page goes.
    fireEvent.click(pay, { button: 0 });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Taking you to the secure card page…',
    );
  });

  it('never links a page that is not http(s)', async () => {
    serveTransaction(paying(cardPayment('PENDING', { payment_url: 'javascript:alert(1)' })));
    render(`/pay/${id}`);
    expect(
      await screen.findByRole('alert', { name: "This way to pay isn't available in the app yet" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /by card/ })).not.toBeInTheDocument();
  });

  it('waits on the callback while the provider decides, then opens the transfer once captured', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveTransaction(paying(cardPayment()));
    const { router } = render(`/payment/cb/${id}`);
    expect(await screen.findByText('Awaiting payment update')).toBeInTheDocument();
    const name = `private-client-payment.${fixtureId(8, 1)}`;
    await waitFor(() => expect(fake().clients[0]?.channels.has(name)).toBe(true));
    const channel = fake().clients[0]?.channels.get(name) as FakeChannel;
    act(() =>
      channel.emit('.PaymentTransactionStateUpdated', {
        id: fixtureId(8, 1),
        state: paymentFixture({ state: 'CAPTURED' }).state,
        shared_reference: 'TP7402166',
        payment_url: null,
      }),
    );
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transaction/${id}`));
  });

  it('after a declined card, pays with another card: a new payment, then its Pay button', async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(paying(cardPayment('FAILED')));
    const second = cardPayment('PENDING', {
      id: fixtureId(8, 2),
      shared_reference: 'TP7402166-002',
    });
    const keys: (string | null)[] = [];
    server.use(
      http.post(`/client/v1/transaction/payment/${id}`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        server$.current = paying(second);
        return HttpResponse.json(second);
      }),
    );
    const { router } = render(`/payment/cb/${id}`);
    expect(await screen.findByText('Your payment failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay with another card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/pay/${id}`));
    expect(await screen.findByRole('link', { name: 'Pay GBP 101.99 by card' })).toHaveAttribute(
      'href',
      pageUrl(second.id),
    );
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pays again after a card payment expired', async () => {
    serveTransaction(paying(cardPayment('TIMED-OUT')));
    render(`/payment/cb/${id}`);
    expect(await screen.findByText('Your payment expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with another card' })).toBeInTheDocument();
  });

  it('offers nothing to pay once the transfer is cancelled', async () => {
    serveTransaction(transactionFixture({ state: 'CANCELLED', payment: cardPayment('TIMED-OUT') }));
    render(`/payment/cb/${id}`);
    expect(await screen.findByText('Your payment expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /another card/ })).not.toBeInTheDocument();
  });

  it('explains the pause when the server says every attempt is used (payment_limit_reached)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serveTransaction(paying(cardPayment('FAILED')));
    server.use(
      http.post(`/client/v1/transaction/payment/${id}`, () =>
        HttpResponse.json(
          { type: 'payment_limit_reached', message: 'You have paid three times.' },
          { status: 409 },
        ),
      ),
    );
    const { router } = render(`/payment/cb/${id}`);
    await user.click(await screen.findByRole('button', { name: 'Pay with another card' }));
    expect(await screen.findByRole('alert', { name: 'Your transfer is paused' })).toHaveTextContent(
      'quote transfer TP7402166',
    );
    await act(() => vi.advanceTimersByTimeAsync(PAUSED_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transaction/${id}`));
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => setLocale('en'));
    });

    it('says its own words', async () => {
      await setLocale('es');
      await Promise.all(
        [paymentsMessages, transactionsMessages, commonMessages, uiMessages].map((c) => c.load()),
      );
      serveTransaction(paying(cardPayment()));
      render(`/pay/${id}`);
      expect(
        await screen.findByRole('link', { name: 'Pagar GBP 101.99 con tarjeta' }),
      ).toBeInTheDocument();
    });
  });
});
