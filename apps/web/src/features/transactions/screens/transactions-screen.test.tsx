import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setCustomer } from '@/features/customers';
import { commonMessages, setLocale } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { quoteFixture } from '@/test/quote-fixtures';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { transactionFixture, transactionListFixture } from '@/test/transaction-fixtures';
import { uiMessages } from '@/ui/messages';
import { transactionsMessages } from '../messages';
import { TransactionsScreen } from './transactions-screen';

const sent = transactionFixture({
  id: fixtureId(7, 1),
  number: 'TP0000000001',
  state: 'PAYOUT-SUCCESS',
  createdAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
});
const cancelled = transactionFixture({
  id: fixtureId(7, 2),
  number: 'TP0000000002',
  state: 'CANCELLED',
  history: ['CREATED', 'PENDING-PAYMENT'],
  recipientName: 'Maria',
});
const chidiId = sent.recipient.id;

/** Answers the list, recording each request's query; `answer` picks the page per query. */
function serveList(answer: (query: URLSearchParams) => Response | object) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/client/v1/transactions', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const body = answer(query);
      return body instanceof Response ? body : HttpResponse.json(body);
    }),
    http.get('/client/v1/recipients/whisper', () =>
      HttpResponse.json({
        data: [
          {
            id: chidiId,
            whole_name: 'Chidi Okafor',
            recipient_type: 'individual',
            country: sent.payout_country,
            currency: 'NGN',
            payout_method: {
              id: sent.payout_method.id,
              code: 'BANK-ACCOUNT',
              title: 'Bank account',
            },
            account_hint: '•••• 6789',
          },
        ],
      }),
    ),
  );
  return queries;
}

function renderList(path = '/transactions') {
  return renderRoutes(
    [
      { path: '/transactions', Component: TransactionsScreen },
      { path: '/transaction/:transactionId', element: <p>Transaction page</p> },
    ],
    path,
  );
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Your transfers' })).getAllByRole('listitem');

beforeEach(() => {
  server.use(http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())));
  setCustomer(onboardedCustomerFixture());
});

describe('TransactionsScreen', () => {
  it('shows skeletons, then each transfer with its amount, recipient, state and time', async () => {
    serveList(() => transactionListFixture([sent, cancelled]));
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByText('Loading your transfers')).toHaveAttribute('role', 'status');

    await screen.findByRole('list', { name: 'Your transfers' });
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'GBP 100.00 to Chidi Okafor' })).toHaveAttribute(
      'href',
      `/transaction/${sent.id}`,
    );
    expect(first).toHaveTextContent('They get NGN 180,000.00 by Bank account');
    expect(first).toHaveTextContent('5 minutes ago');
    expect(first).toHaveTextContent('Payout Success');
    expect(first.querySelector('[data-tone="success"]')).not.toBeNull();
    expect(second).toHaveAttribute('data-state', 'CANCELLED');
    expect(second).toHaveTextContent('Cancelled');
    // The calculator beside, to send again.
    expect(await screen.findByRole('form', { name: 'Price a transfer' })).toBeInTheDocument();
  });

  it('puts the filters in the address and sends them to the server, back on page 1', async () => {
    const user = userEvent.setup();
    const queries = serveList(() => transactionListFixture([sent], { page: 1, total: 1 }));
    const { router } = renderList('/transactions?page=2');
    await screen.findByRole('list', { name: 'Your transfers' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'PAYOUT-SUCCESS');
    await waitFor(() => expect(router.state.location.search).toBe('?state=PAYOUT-SUCCESS'));
    await waitFor(() => expect(queries.at(-1)?.get('state')).toBe('PAYOUT-SUCCESS'));
    expect(queries.at(-1)?.get('page')).toBeNull();

    const recipient = screen.getByRole('combobox', { name: 'Recipient' });
    await within(recipient).findByRole('option', { name: 'Chidi Okafor' });
    await user.selectOptions(recipient, chidiId);
    await waitFor(() => expect(queries.at(-1)?.get('recipient_id')).toBe(chidiId));

    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(queries.at(-1)?.get('start_date')).toBe('2026-11-01'));
    expect(router.state.location.search).toBe(
      `?state=PAYOUT-SUCCESS&recipient=${chidiId}&from=2026-11-01`,
    );

    await user.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe(''));
  });

  it('reads the filters from the address, leaving out what the server would refuse', async () => {
    const queries = serveList(() => transactionListFixture([]));
    renderList('/transactions?state=NOPE&from=2026-11-20&to=2026-11-01&recipient=x');
    await screen.findByText('No transfers match these filters');
    expect(queries[0]?.toString()).toBe('start_date=2026-11-20');
  });

  it('pages through the list', async () => {
    const user = userEvent.setup();
    const queries = serveList((query) =>
      query.get('page') === '2'
        ? transactionListFixture([cancelled], { page: 2, total: 11 })
        : transactionListFixture([sent], { page: 1, total: 11 }),
    );
    const { router } = renderList();
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(router.state.location.search).toBe('?page=2');
    expect(queries.at(-1)?.get('page')).toBe('2');
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent('Maria');
  });

  it('says when there are no transfers yet', async () => {
    serveList(() => transactionListFixture([]));
    renderList();
    expect(await screen.findByText('No transfers yet')).toBeInTheDocument();
  });

  it('says when no transfer matches the filters', async () => {
    serveList(() => transactionListFixture([]));
    renderList('/transactions?state=ON-HOLD');
    expect(await screen.findByText('No transfers match these filters')).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    const user = userEvent.setup();
    let fail = true;
    serveList(() =>
      fail
        ? HttpResponse.json({ message: 'Slow down.' }, { status: 429 })
        : transactionListFixture([sent]),
    );
    renderList();
    expect(
      await screen.findByRole('alert', { name: 'We could not load your transfers' }),
    ).toHaveTextContent('Slow down.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your transfers' })).toBeInTheDocument();
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await setLocale('en', { remember: false });
    });

    it('says its own words in Spanish', async () => {
      await Promise.all(
        [transactionsMessages, commonMessages, uiMessages].map((catalogue) => catalogue.load('es')),
      );
      await setLocale('es', { remember: false });
      serveList(() => transactionListFixture([sent]));
      renderList();
      const list = await screen.findByRole('list', { name: 'Tus transferencias' });
      const [row] = within(list).getAllByRole('listitem');
      expect(row).toHaveTextContent('GBP 100.00 para Chidi Okafor');
      expect(row).toHaveTextContent('Recibe NGN 180,000.00 por Bank account');
      expect(screen.getByRole('combobox', { name: 'Estado' })).toBeVisible();
    });
  });
});
