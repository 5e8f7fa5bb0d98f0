import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { SLOW_WAIT_MS } from '@/lib/slow-wait';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw-server';
import {
  familySupport,
  confirmedTransactionFixture,
  transactionPage,
  transferQuoteFixture,
} from '@/test/transfer-fixtures';
import {
  confirmTransfer,
  fillReview,
  refusal,
  renderWizard,
  reviewHeading,
  serveConfirm,
  serveQuotes,
  slow,
} from './transfer-wizard-test-kit';

const serverError = () => HttpResponse.json({ message: 'Server Error' }, { status: 500 });

/** Answers GET /client/v1/transactions with `respond`; records each query. */
function serveLatest(respond: () => Response): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/client/v1/transactions', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return respond();
    }),
  );
  return queries;
}

describe('TransferWizardScreen: double-payment safety (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety)', () => {
  it('a 5xx: finds the transfer it did create among the latest and goes to pay it', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    const calls = serveConfirm(serverError);
    const made = confirmedTransactionFixture(quote);
    const older = confirmedTransactionFixture(quote, {
      id: '7a000000-1b2c-4d3e-8f40-000000000009',
      createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    const queries = serveLatest(() => HttpResponse.json(transactionPage([made, older])));
    const user = userEvent.setup();
    const { router } = renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);

    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/pay/${made.id}`);
    expect(calls).toHaveLength(1);
    expect(queries[0]?.get('limit')).toBe('5');
    expect(queries[0]?.get('recipient_id')).toBe(quote.recipient?.id);
  });

  it('a slow answer: the customer stops waiting, and the check finds the transfer', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    // No answer at all until the request is given up.
    server.use(http.post('/client/v1/quote/confirm/:id', () => delay('infinite')));
    const made = confirmedTransactionFixture(quote);
    serveLatest(() => HttpResponse.json(transactionPage([made])));
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);

    // After the app's slow-wait (5 s), the wait says so and offers to stop.
    const stop = await screen.findByRole(
      'button',
      { name: 'Stop waiting and check my transfers' },
      { timeout: SLOW_WAIT_MS + 3_000 },
    );
    await user.click(stop);
    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
  });

  it('a 5xx and no such transfer: says nothing was charged; trying again reuses the key', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    const calls = serveConfirm((index) =>
      index === 0
        ? serverError()
        : HttpResponse.json(confirmedTransactionFixture(quote), { status: 201 }),
    );
    // An older transfer of the same amount to Priya is not this attempt's.
    const older = confirmedTransactionFixture(quote, {
      createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
    });
    serveLatest(() => HttpResponse.json(transactionPage([older])));
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);

    expect(await screen.findByText('Your transfer was not created', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.key).toBe(calls[0]?.key);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it('no answer and the list fails too: only "check again" and the list, never confirm', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    serveConfirm(() => HttpResponse.error());
    let listFails = true;
    const made = confirmedTransactionFixture(quote);
    serveLatest(() =>
      listFails ? HttpResponse.error() : HttpResponse.json(transactionPage([made])),
    );
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);

    expect(
      await screen.findByText("We can't tell yet whether your transfer went through", {}, slow),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Confirm and continue to payment' }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my transfers' })).toHaveAttribute(
      'href',
      '/transactions',
    );
    listFails = false;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
  });

  it('a refusal is a definite answer: the next confirm gets a new key', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    const calls = serveConfirm((index) =>
      index === 0
        ? refusal('wallet_spending_on_hold', 'On hold.')
        : HttpResponse.json(confirmedTransactionFixture(quote), { status: 201 }),
    );
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);
    await screen.findByText('On hold.');
    await confirmTransfer(user);
    await screen.findByText('Payment screen', {}, slow);
    expect(calls[1]?.key).not.toBe(calls[0]?.key);
  });
});

describe('TransferWizardScreen: the draft', () => {
  it('survives the MFA detour (412 more_authentication_required) and is restored', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    const calls = serveConfirm((index) =>
      index === 0
        ? refusal('more_authentication_required', 'Enter your code first.')
        : HttpResponse.json(confirmedTransactionFixture(quote), { status: 201 }),
    );
    const user = userEvent.setup();
    const { router } = renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);
    expect(await screen.findByText('MFA screen', {}, slow)).toBeInTheDocument();

    await act(() => router.navigate(`/transfer/${quote.id}`));
    await reviewHeading();
    expect(screen.getByText(/Your choices are as you left them/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I am sending my own money/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: /Why are you sending money/ })).toHaveTextContent(
      familySupport.title,
    );
    await confirmTransfer(user);
    await screen.findByText('Payment screen', {}, slow);
    expect(calls[1]?.body).toMatchObject({ purpose_id: familySupport.id });

    // Confirmed: the draft is gone, so a new visit starts afresh.
    await act(() => router.navigate(`/transfer/${quote.id}`));
    await reviewHeading();
    expect(screen.getByRole('checkbox', { name: /I am sending my own money/ })).not.toBeChecked();
  });
});

describe('TransferWizardScreen: the rate lock', () => {
  it('counts down live, then re-quotes and shows what changed before confirming', async () => {
    // Locked for three more seconds: the countdown moves, then the rate expires.
    const quote = transferQuoteFixture({ expiresAt: new Date(Date.now() + 3_000).toISOString() });
    const fresh = transferQuoteFixture({
      id: '5a7ed000-1b2c-4d3e-8f40-000000000002',
      receive: '10400.00',
      total: '101.99',
    });
    serveQuotes(quote, fresh);
    let saved: unknown;
    let attached: unknown;
    server.use(
      http.post('/client/v1/quote', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json({ ...fresh, recipient: null, purposes: null });
      }),
      http.post('/client/v1/quote/recipient/:id', async ({ params, request }) => {
        attached = { id: params.id, body: await request.json() };
        return HttpResponse.json(fresh);
      }),
    );
    const user = userEvent.setup();
    const { router } = renderWizard(quote.id);
    await reviewHeading();
    const first = screen.getByRole('timer').textContent;
    // The next second shown, or (on a slow machine) the lock already over.
    await waitFor(() => expect(screen.queryByRole('timer')?.textContent).not.toBe(first), slow);

    const requote = await screen.findByRole(
      'button',
      { name: 'Get a new rate' },
      { timeout: 5_000 },
    );
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Confirm and continue to payment' }),
      ).toBeDisabled(),
    );
    await user.click(requote);

    const diff = await screen.findByTestId('requote-diff', {}, slow);
    expect(diff).toHaveTextContent('Priya now gets ₹10,400.00 instead of ₹10,540.31.');
    expect(router.state.location.pathname).toBe(`/transfer/${fresh.id}`);
    expect(saved).toMatchObject({ amount_type: 'send', amount: '100.00' });
    expect(attached).toEqual({ id: fresh.id, body: { recipient_id: quote.recipient?.id } });
    expect(screen.getByRole('button', { name: 'Confirm and continue to payment' })).toBeEnabled();
  });
});
