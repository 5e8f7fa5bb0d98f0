import type { Transaction, TransactionRefund } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonMessages, setLocale } from '@/i18n';
import { fakeRealtimeEachTest } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { uiMessages } from '@/ui/messages';
import { transactionsMessages } from '../messages';
import { transactionLoader } from '../api/get-transaction';
import { ViewTransactionScreen } from '../screens/view-transaction-screen';
import { formatTimeOfDay } from './cancel-window';
import { moneyBackMessages } from './messages';

// The transaction's cancellation window, its refunds and its receipt
// (docs/product/routes-and-screens.md#transaction).

fakeRealtimeEachTest();
const id = fixtureId(7, 1);
afterEach(() => {
  vi.useRealTimers();
});

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

function paid(options: Partial<Transaction> = {}): Transaction {
  return {
    ...transactionFixture({
      state: 'CONVERTING-FOREX',
      payment: paymentFixture({ state: 'CAPTURED' }),
    }),
    ...options,
  };
}

const refund = (options: Partial<TransactionRefund> = {}): TransactionRefund => ({
  id: fixtureId(10, 1),
  reason: 'cancelled-by-customer',
  amount: '101.99',
  amount_formatted: '101.99',
  amount_currency_prefixed: 'GBP 101.99',
  destination: 'bank-account',
  refunded_at: '2026-11-22T10:20:00.000Z',
  ...options,
});

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

function renderDetail() {
  return renderRoutes(
    [
      {
        path: '/transaction/:transactionId',
        Component: ViewTransactionScreen,
        loader: transactionLoader,
      },
    ],
    `/transaction/${id}`,
  );
}

describe('cancelling a paid transfer', () => {
  it('cancels free inside the window: a dialog says what comes back, then CANCELLED and the refund', async () => {
    const user = userEvent.setup();
    const until = inMinutes(20);
    serveTransaction(paid({ cancellable_until: until }));
    const cancelled = paid({
      state: transactionFixture({ state: 'CANCELLED' }).state,
      payment: paymentFixture({ state: 'REFUNDED' }),
      refunds: [refund()],
    });
    const keys: (string | null)[] = [];
    server.use(
      http.post(`/client/v1/transaction/${id}/cancel`, ({ request }) => {
        keys.push(request.headers.get('idempotency-key'));
        return HttpResponse.json(cancelled);
      }),
    );
    renderDetail();
    const action = await screen.findByRole('button', {
      name: `Cancel free until ${formatTimeOfDay(until, 'en')}`,
    });
    await user.click(action);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    expect(dialog).toHaveTextContent('We refund the GBP 101.99 you paid, in full.');
    expect(dialog).toHaveTextContent('goes back to the account you paid from');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the transfer' }));

    await waitFor(() =>
      expect(screen.getByTestId('state-banner')).toHaveAttribute('data-state', 'CANCELLED'),
    );
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('You cancelled the transfer');
    expect(refunds).toHaveTextContent('GBP 101.99');
    expect(refunds).toHaveTextContent('Back to the account you paid from');
    expect(screen.queryByTestId('cancel-transfer')).not.toBeInTheDocument();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal in the dialog and reads the transfer again', async () => {
    const user = userEvent.setup();
    const server$ = serveTransaction(paid({ cancellable_until: inMinutes(5) }));
    server.use(
      http.post(`/client/v1/transaction/${id}/cancel`, () =>
        HttpResponse.json(
          { type: 'cancellation_window_closed', message: 'The time to cancel has passed.' },
          { status: 409 },
        ),
      ),
    );
    renderDetail();
    await user.click(await screen.findByRole('button', { name: /^Cancel free until/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The time to cancel has passed.',
    );
    await waitFor(() => expect(server$.reads).toBeGreaterThanOrEqual(2));
  });

  it('takes the offer away when the window closes with the page open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serveTransaction(paid({ cancellable_until: inMinutes(2) }));
    renderDetail();
    expect(await screen.findByRole('button', { name: /^Cancel free until/ })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000 + 1_000));
    await waitFor(() => expect(screen.queryByTestId('cancel-transfer')).not.toBeInTheDocument());
  });

  it('offers no cancel outside the window', async () => {
    serveTransaction(paid({ cancellable_until: inMinutes(-1) }));
    renderDetail();
    await screen.findByTestId('state-banner');
    expect(screen.queryByRole('button', { name: /^Cancel free until/ })).not.toBeInTheDocument();
  });
});

describe('refunds and the receipt', () => {
  it('shows a missed promise’s fee refund, back to the card paid with', async () => {
    const payment = {
      ...paymentFixture({ state: 'PART-REFUNDED' }),
      card: { brand: 'Visa', last4: '4242' },
    };
    serveTransaction(
      paid({
        state: transactionFixture({ state: 'PAYOUT-SUCCESS' }).state,
        payment,
        refunds: [
          refund({
            reason: 'missed-delivery-promise',
            amount: '1.99',
            amount_formatted: '1.99',
            amount_currency_prefixed: 'GBP 1.99',
            destination: 'card',
          }),
        ],
      }),
    );
    renderDetail();
    const refunds = await screen.findByRole('region', { name: 'Refunds' });
    expect(within(refunds).getByTestId('refund')).toHaveAttribute(
      'data-reason',
      'missed-delivery-promise',
    );
    expect(refunds).toHaveTextContent('We missed the delivery date: our fee back');
    expect(refunds).toHaveTextContent('GBP 1.99');
    expect(refunds).toHaveTextContent('Back to your Visa ending 4242');
  });

  it('links the receipt once paid', async () => {
    serveTransaction(paid());
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Download receipt' })).toHaveAttribute(
      'href',
      `/client/v1/transaction/${id}/receipt`,
    );
  });

  it('has no receipt and no refunds before the payment', async () => {
    serveTransaction(transactionFixture({ state: 'PENDING-PAYMENT' }));
    renderDetail();
    await screen.findByTestId('state-banner');
    expect(screen.queryByRole('link', { name: 'Download receipt' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Refunds' })).not.toBeInTheDocument();
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => setLocale('en'));
    });

    it('says its own words', async () => {
      await setLocale('es');
      await Promise.all(
        [moneyBackMessages, transactionsMessages, commonMessages, uiMessages].map((c) => c.load()),
      );
      const until = inMinutes(20);
      serveTransaction(paid({ cancellable_until: until, refunds: [refund()] }));
      renderDetail();
      expect(
        await screen.findByRole('button', {
          name: `Cancela gratis hasta las ${formatTimeOfDay(until, 'es')}`,
        }),
      ).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Reembolsos' })).toHaveTextContent(
        'Cancelaste la transferencia',
      );
      expect(screen.getByRole('link', { name: 'Descargar el recibo' })).toBeInTheDocument();
    });
  });
});
