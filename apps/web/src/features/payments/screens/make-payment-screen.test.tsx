import type { Payment, Transaction } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { transactionLoader, transactionsMessages } from '@/features/transactions/parts';
import { commonMessages, setLocale } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { fakeRealtimeEachTest, type FakeChannel } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { uiMessages } from '@/ui/messages';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { PAUSED_REDIRECT_MS } from '../components/pay-again';
import { paymentsMessages } from '../messages';
import { MakePaymentScreen } from './make-payment-screen';

const id = fixtureId(7, 1);
const fake = fakeRealtimeEachTest();
afterEach(() => {
  vi.useRealTimers();
});

/** The transfer as the server has it now: tests change `current` as the server would. */
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

function renderPay() {
  return renderRoutes(
    [
      // With its loader, as app/router.tsx gives it: the screen does not ask again as it mounts.
      { path: '/pay/:transactionId', Component: MakePaymentScreen, loader: transactionLoader },
      { path: '/transaction/:transactionId', element: <p>Transaction page</p> },
    ],
    `/pay/${id}`,
  );
}

const withPayment = (payment: Payment, state: Transaction['state']['code'] = 'PENDING-PAYMENT') =>
  transactionFixture({ state, payment });

describe('MakePaymentScreen', () => {
  it('asks once for the transfer, from the route loader, and draws the payment with it', async () => {
    // Asked for as the screen mounted, the whole screen rendered again in one task when the
    // answer came (issue 31); with the loader, mounting asked a second time.
    const served = serveTransaction(transactionFixture());
    renderRoutes(
      [{ path: '/pay/:transactionId', Component: MakePaymentScreen, loader: transactionLoader }],
      `/pay/${id}`,
    );
    expect(await screen.findByTestId('bank-transfer-details')).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(served.reads).toBe(1);
  });

  it('shows the bank transfer: the reference to copy, each detail, the amount, deadline and terms', async () => {
    const user = userEvent.setup();
    serveTransaction(transactionFixture());
    renderPay();
    const details = await screen.findByTestId('bank-transfer-details');
    expect(within(details).getByTestId('payment-reference')).toHaveTextContent('TP7402166');
    expect(within(details).getByTestId('payment-amount')).toHaveTextContent('GBP 101.99');
    // The bank's name heads its details one level under the page's h1 (axe's heading-order).
    expect(
      within(details).getByRole('heading', { level: 2, name: 'Corridor Sandbox Bank' }),
    ).toBeVisible();
    expect(details).toHaveTextContent('04-00-04');
    expect(details).toHaveTextContent(/Pay by .*2026/);
    expect(details).toHaveTextContent('Use the reference, or the payment cannot be matched.');

    await user.click(within(details).getByRole('button', { name: 'Copy Reference' }));
    expect(await navigator.clipboard.readText()).toBe('TP7402166');
    await user.click(within(details).getByRole('button', { name: 'Copy Account number' }));
    expect(await navigator.clipboard.readText()).toBe('12345678');
  });

  it("records I've paid with an Idempotency-Key, then watches for the money", async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(transactionFixture());
    const keys: (string | null)[] = [];
    server.use(
      http.post(`/client/v1/transaction/payment-sent/${fixtureId(8, 1)}`, ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        server$.current = withPayment(paymentFixture({ customerConfirmed: true }));
        return HttpResponse.json(server$.current.payment);
      }),
    );
    renderPay();
    await user.click(await screen.findByRole('button', { name: "I've paid" }));
    expect(await screen.findByText("We're watching for your payment")).toBeInTheDocument();
    expect(screen.getByText('Bank transfers usually arrive within two hours.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "I've paid" })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel payment' })).not.toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refused cancel (409) as its message, and reads the transfer again', async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(transactionFixture());
    server.use(
      http.post(`/client/v1/transaction/payment/${id}/cancel`, () =>
        HttpResponse.json(
          { type: 'payment_not_open', message: 'This payment has already been received.' },
          { status: 409 },
        ),
      ),
    );
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    const readsBefore = server$.reads;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment has already been received.',
    );
    await waitFor(() => expect(server$.reads).toBeGreaterThan(readsBefore));
  });

  it('shows payment_not_cancellable as its message too', async () => {
    const user = userEvent.setup();
    serveTransaction(transactionFixture());
    server.use(
      http.post(`/client/v1/transaction/payment/${id}/cancel`, () =>
        HttpResponse.json(
          { type: 'payment_not_cancellable', message: 'This payment can no longer be withdrawn.' },
          { status: 409 },
        ),
      ),
    );
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This payment can no longer be withdrawn.',
    );
  });

  it('cancels, says no money moved, and pays again with a new payment and reference', async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(transactionFixture());
    const second = paymentFixture({
      id: fixtureId(8, 2),
      state: 'PENDING',
      sharedReference: 'TP7402166-002',
    });
    server.use(
      http.post(`/client/v1/transaction/payment/${id}/cancel`, () => {
        server$.current = withPayment(paymentFixture({ state: 'CANCELLED' }));
        return HttpResponse.json(server$.current.payment);
      }),
      http.post(`/client/v1/transaction/payment/${id}`, () => {
        server$.current = withPayment(second);
        return HttpResponse.json(second);
      }),
    );
    renderPay();
    await user.click(await screen.findByRole('button', { name: 'Cancel payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this payment?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('No money has moved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByTestId('payment-reference')).toHaveTextContent('TP7402166-002');
    // The new payment's channel is followed.
    await waitFor(() =>
      expect(fake().clients[0]?.channels.has(`private-client-payment.${second.id}`)).toBe(true),
    );
  });

  it('explains the pause on a fourth attempt, asks nothing, and opens the transfer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    serveTransaction(
      withPayment(paymentFixture({ state: 'FAILED', sharedReference: 'TP7402166-003' })),
    );
    let retries = 0;
    server.use(
      http.post(`/client/v1/transaction/payment/${id}`, () => {
        retries += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const { router } = renderPay();
    expect(await screen.findByText('Your payment failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByRole('alert', { name: 'Your transfer is paused' })).toHaveTextContent(
      'quote transfer TP7402166',
    );
    expect(retries).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(PAUSED_REDIRECT_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transaction/${id}`));
  });

  it('a failed retry request uses no attempt and says nothing was charged', async () => {
    const user = userEvent.setup();
    serveTransaction(withPayment(paymentFixture({ state: 'TIMED-OUT' })));
    server.use(
      http.post(`/client/v1/transaction/payment/${id}`, () =>
        HttpResponse.json(
          { type: 'payment_not_open', message: 'This transfer cannot be paid again.' },
          { status: 409 },
        ),
      ),
    );
    renderPay();
    expect(await screen.findByText('Your payment expired')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    expect(await screen.findByText('This transfer cannot be paid again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay again' })).toBeEnabled();
  });

  it('applies a payment event at once, and opens the transfer once paid', async () => {
    const server$ = serveTransaction(transactionFixture());
    const { router } = renderPay();
    await screen.findByTestId('bank-transfer-details');
    const name = `private-client-payment.${fixtureId(8, 1)}`;
    await waitFor(() => expect(fake().clients[0]?.channels.has(name)).toBe(true));
    const channel = fake().clients[0]?.channels.get(name) as FakeChannel;
    server$.current = withPayment(paymentFixture({ state: 'CAPTURED' }), 'PAYMENT-CLEARED');
    act(() =>
      channel.emit('.PaymentTransactionStateUpdated', {
        id: fixtureId(8, 1),
        state: paymentFixture({ state: 'CAPTURED' }).state,
        shared_reference: 'TP7402166',
        payment_url: null,
      }),
    );
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/transaction/${id}`), {
      timeout: 3_000,
    });
  });

  it('says when this way to pay is not in the app yet', async () => {
    serveTransaction(withPayment(paymentFixture({ providerCode: 'PAY360' })));
    renderPay();
    expect(
      await screen.findByRole('alert', { name: "This way to pay isn't available in the app yet" }),
    ).toBeInTheDocument();
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await setLocale('en', { remember: false });
    });

    it('says its own words and the bank details’ in Spanish', async () => {
      await Promise.all(
        [paymentsMessages, transactionsMessages, commonMessages, uiMessages].map((catalogue) =>
          catalogue.load('es'),
        ),
      );
      await setLocale('es', { remember: false });
      serveTransaction(transactionFixture());
      renderPay();
      expect(await screen.findByRole('button', { name: 'Ya he pagado' })).toBeVisible();
      expect(screen.getByText('Importe a enviar')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Cancelar el pago' })).toBeVisible();
      expect(screen.getByRole('link', { name: 'Ver la transferencia' })).toBeVisible();
    });
  });
});
