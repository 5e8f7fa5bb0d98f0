import type { Transaction } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { fakeRealtimeEachTest, type FakeChannel } from '@/test/fake-realtime';
import { server } from '@/test/msw-server';
import { savedQuoteFixture, savedQuoteId } from '@/test/quote-fixtures';
import { cashMethod, fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { paymentFixture, transactionFixture } from '@/test/transaction-fixtures';
import { transactionLoader } from '../api/get-transaction';
import { ViewTransactionScreen } from './view-transaction-screen';

const fake = fakeRealtimeEachTest();

function serveTransaction(...answers: (Transaction | Response)[]) {
  const calls = { count: 0 };
  const id = (answers.find((answer) => !(answer instanceof Response)) as Transaction | undefined)
    ?.id;
  server.use(
    http.get(`/client/v1/transaction/${id ?? fixtureId(7, 1)}`, () => {
      const answer = answers[Math.min(calls.count, answers.length - 1)];
      calls.count += 1;
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
  );
  return calls;
}

/** The screen with its route's loader, as app/router.tsx gives it; `alone` without it. */
function renderDetail(id = fixtureId(7, 1), { alone = false } = {}) {
  return renderRoutes(
    [
      {
        path: '/transaction/:transactionId',
        Component: ViewTransactionScreen,
        ...(alone ? {} : { loader: transactionLoader }),
      },
      { path: '/transactions', element: <p>Transactions page</p> },
      { path: '/pay/:transactionId', element: <p>Payment page</p> },
      { path: '/transfer/:quoteId', element: <p>Transfer wizard</p> },
      { path: '/account-verification/upload/:category', element: <p>Upload page</p> },
    ],
    `/transaction/${id}`,
  );
}

describe('ViewTransactionScreen', () => {
  it('asks once for the transfer, from the route loader, and draws the page with it', async () => {
    // Asked for as the screen mounted, the whole page rendered again in one task when the answer
    // came (issue 31); with the loader, mounting asked a second time.
    const calls = serveTransaction(transactionFixture({ state: 'CONVERTING-FOREX' }));
    renderRoutes(
      [
        {
          path: '/transaction/:transactionId',
          Component: ViewTransactionScreen,
          loader: transactionLoader,
        },
      ],
      `/transaction/${fixtureId(7, 1)}`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transfer TP7402166' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(calls.count).toBe(1);
  });

  it('shows the state with its description, the timeline, the figures, recipient and payment', async () => {
    serveTransaction(transactionFixture({ state: 'CONVERTING-FOREX' }));
    // Alone, the screen says it is loading until the transfer comes.
    renderDetail(undefined, { alone: true });
    expect(screen.getByText('Loading the transfer')).toHaveAttribute('role', 'status');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transfer TP7402166' }),
    ).toBeInTheDocument();
    const banner = screen.getByTestId('state-banner');
    expect(banner).toHaveAttribute('data-tone', 'info');
    expect(banner).toHaveTextContent('Converting: what happens now.');

    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[0]?.querySelector('time')).not.toBeNull();
    expect(steps[4]?.querySelector('time')).toBeNull();

    const amounts = screen.getByTestId('transaction-amounts');
    expect(amounts).toHaveTextContent('GBP 100.00');
    expect(amounts).toHaveTextContent('GBP 1.99');
    expect(amounts).toHaveTextContent('GBP 101.99');
    expect(amounts).toHaveTextContent('1 GBP = 1,800.00 NGN');
    expect(amounts).toHaveTextContent('1820.5 (our rate is 1.13% below)');
    expect(amounts).toHaveTextContent('GBP 3.12 (3.12% of what you send)');
    expect(amounts).toHaveTextContent('NGN 180,000.00');
    expect(screen.getByTestId('transaction-recipient')).toHaveTextContent('Chidi Okafor');
    expect(screen.getByTestId('transaction-payment')).toHaveTextContent('TP7402166');
  });

  it('puts the money given back on the timeline: a missed promise’s fee before where it stands', async () => {
    const converting = transactionFixture({ state: 'CONVERTING-FOREX' });
    serveTransaction({
      ...converting,
      refunds: [
        {
          id: fixtureId(10, 1),
          reason: 'missed-delivery-promise',
          amount: '1.99',
          amount_formatted: '1.99',
          amount_currency_prefixed: 'GBP 1.99',
          destination: 'card',
          // After the transfer reached CONVERTING-FOREX (its fourth step).
          refunded_at: new Date(Date.parse(converting.created_at) + 3_600_000).toISOString(),
        },
      ],
    });
    renderDetail();
    const list = await screen.findByRole('list', { name: 'Progress' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual([
      'done',
      'done',
      'done',
      'done',
      'current',
      'upcoming',
      'upcoming',
      'upcoming',
      'upcoming',
    ]);
    expect(steps[3]).toHaveTextContent('Our fee refunded: GBP 1.99');
    expect(steps[3]?.querySelector('time')).not.toBeNull();
  });

  it('moves on live when TransactionStateUpdated arrives', async () => {
    const id = fixtureId(7, 1);
    serveTransaction(
      transactionFixture({ state: 'SENT-FOR-PAYOUT' }),
      transactionFixture({ state: 'PAYOUT-SUCCESS' }),
    );
    renderDetail();
    await screen.findByText('Sent for payout: what happens now.');
    await waitFor(() =>
      expect(fake().clients[0]?.channels.has(`private-client-transaction.${id}`)).toBe(true),
    );
    const channel = fake().clients[0]?.channels.get(
      `private-client-transaction.${id}`,
    ) as FakeChannel;
    act(() =>
      channel.emit('.TransactionStateUpdated', { transaction_id: id, state: 'PAYOUT-SUCCESS' }),
    );
    expect(await screen.findByText('Payout Success: what happens now.')).toBeInTheDocument();
    expect(screen.getByTestId('state-banner')).toHaveAttribute('data-tone', 'success');
  });

  it('gives a hold its reason and action, with the upload of each owed document', async () => {
    const held = transactionFixture({
      state: 'DOCUMENT-REQUIRED',
      history: ['CREATED', 'PENDING-PAYMENT', 'PAYMENT-CLEARED'],
      hold: {
        reason: { code: 'DOCUMENT-OWED', text: 'We need proof of where the money comes from.' },
        action: { code: 'UPLOAD-DOCUMENT', text: 'Upload a recent bank statement.' },
      },
    });
    const category = fixtureId(5, 9);
    serveTransaction({
      ...held,
      pending_documents: [
        {
          id: fixtureId(5, 10),
          created_at: held.created_at,
          updated_at: held.created_at,
          document_category: {
            id: category,
            code: 'SOF',
            title: 'Source of funds',
            description: null,
            document_types: [],
          },
        },
      ],
    });
    renderDetail();
    const hold = await screen.findByTestId('hold');
    expect(hold).toHaveTextContent('We need proof of where the money comes from.');
    expect(hold).toHaveTextContent('Upload a recent bank statement.');
    expect(within(hold).getByRole('link', { name: 'Upload your Source of funds' })).toHaveAttribute(
      'href',
      `/account-verification/upload/${category}?_rtr=viewTransaction&_rti=${held.id}`,
    );
  });

  it('shows our bank account in a dialog while the payment is awaited', async () => {
    const user = userEvent.setup();
    serveTransaction(transactionFixture({ state: 'PENDING-PAYMENT' }));
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Go to payment' })).toHaveAttribute(
      'href',
      `/pay/${fixtureId(7, 1)}`,
    );
    await user.click(screen.getByRole('button', { name: 'View our bank account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Our bank account' });
    expect(within(dialog).getByTestId('payment-reference')).toHaveTextContent('TP7402166');
    expect(within(dialog).getByRole('button', { name: 'Copy Sort code' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Corridor Sandbox Bank');
  });

  it('offers no bank account for a payment that failed: the payment screen pays again', async () => {
    serveTransaction(transactionFixture({ payment: paymentFixture({ state: 'FAILED' }) }));
    renderDetail();
    expect(await screen.findByRole('link', { name: 'Go to payment' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View our bank account' })).not.toBeInTheDocument();
  });

  it('shows the collection PIN of a cash pickup', async () => {
    serveTransaction({
      ...transactionFixture({ state: 'SENT-FOR-PAYOUT', collectionPin: '4815162342' }),
      payout_method: cashMethod,
    });
    renderDetail();
    expect(await screen.findByTestId('collection-pin')).toHaveTextContent('4815162342');
    expect(screen.getByRole('button', { name: 'Copy Collection PIN' })).toBeInTheDocument();
  });

  it('sends again: a fresh quote to the same recipient, then the wizard', async () => {
    const user = userEvent.setup();
    const transaction = transactionFixture({ state: 'PAYOUT-SUCCESS' });
    serveTransaction(transaction);
    let body: unknown;
    let key: string | null = null;
    server.use(
      http.post(
        `/client/v1/recipient/send-money/${transaction.recipient.id}`,
        async ({ request }) => {
          body = await request.json();
          key = request.headers.get('Idempotency-Key');
          return HttpResponse.json(savedQuoteFixture());
        },
      ),
    );
    const { router } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Send again to Chidi' }));
    await screen.findByText('Transfer wizard');
    expect(router.state.location.pathname).toBe(`/transfer/${savedQuoteId}`);
    expect(body).toEqual({
      amount_type: 'send',
      amount: '100.00',
      payment_country_id: transaction.payment_country.id,
      payment_currency_id: transaction.payment_currency.id,
      payout_country_id: transaction.payout_country.id,
      payout_currency_id: transaction.payout_currency.id,
      payout_method_id: transaction.payout_method.id,
      payout_company_id: transaction.payout_company.id,
    });
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says so when the transfer is not the customer’s', async () => {
    // Each ask answered 404: the loader's, then the screen's as it mounts after a failure.
    const notFound = () => HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    serveTransaction(notFound(), notFound());
    renderDetail();
    expect(
      await screen.findByRole('alert', { name: "We couldn't find this transfer" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All transfers' })).toHaveAttribute(
      'href',
      '/transactions',
    );
  });

  it('renders a payment on its second attempt with its own reference', async () => {
    serveTransaction(
      transactionFixture({
        payment: paymentFixture({ state: 'PENDING', sharedReference: 'TP7402166-002' }),
      }),
    );
    renderDetail();
    expect(await screen.findByTestId('transaction-payment')).toHaveTextContent('TP7402166-002');
  });
});
