import type { Statement } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCustomer } from '@/features/customers';
import { commonMessages, setLocale } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { gbp, quoteFixture, usd } from '@/test/quote-fixtures';
import { fixtureId } from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { transactionListFixture } from '@/test/transaction-fixtures';
import { uiMessages } from '@/ui/messages';
import { transactionsMessages } from '../messages';
import { TransactionsScreen } from '../screens/transactions-screen';
import { localIsoDate } from './local-date';
import { statementsMessages } from './messages';
import { STATEMENTS_POLL_MS } from './statements-api';

// "Download statement" on the transactions list (docs/product/routes-and-screens.md#transactions).

const statement = (options: Partial<Statement> = {}): Statement => ({
  id: fixtureId(11, 1),
  start_date: '2026-11-01',
  end_date: '2026-11-22',
  type: 'csv',
  currency: null,
  state: 'READY',
  created_at: '2026-11-22T10:00:00.000Z',
  download_url: '/client/v1/transaction/statements/abc/download',
  expires_at: '2026-11-29T10:00:00.000Z',
  ...options,
});

function serveStatements(initial: Statement[]) {
  const state = { list: initial, bodies: [] as unknown[], reads: 0 };
  server.use(
    http.get('/client/v1/transactions', () => HttpResponse.json(transactionListFixture([]))),
    http.get('/client/v1/recipients/whisper', () => HttpResponse.json({ data: [] })),
    http.get('/client/v1/transaction/payment/currencies', () =>
      HttpResponse.json({ data: [gbp, usd] }),
    ),
    http.get('/client/v1/transaction/statements', () => {
      state.reads += 1;
      return HttpResponse.json({ data: state.list });
    }),
    http.post('/client/v1/transaction/statement', async ({ request }) => {
      state.bodies.push(await request.json());
      state.list = [
        statement({
          id: fixtureId(11, 2),
          state: 'PREPARING',
          download_url: null,
          expires_at: null,
        }),
        ...state.list,
      ];
      return HttpResponse.json({ message: 'Your statement is on its way to your email.' });
    }),
  );
  return state;
}

function renderList() {
  return renderRoutes([{ path: '/transactions', Component: TransactionsScreen }], '/transactions');
}

beforeEach(() => {
  server.use(http.get('/client/v1/quote', () => HttpResponse.json(quoteFixture())));
  setCustomer(onboardedCustomerFixture());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the statement dialog', () => {
  it('asks for a statement for a range, a format and a currency, and says the server’s message', async () => {
    const user = userEvent.setup();
    const server$ = serveStatements([statement()]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download a statement' });
    const today = localIsoDate(new Date());
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue(today);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Format' }), 'csv');
    const currency = within(dialog).getByRole('combobox', { name: 'Currency paid in' });
    await waitFor(() =>
      expect(within(currency).getByRole('option', { name: 'USD · USD' })).toBeInTheDocument(),
    );
    await user.selectOptions(currency, usd.id);
    await user.click(within(dialog).getByRole('button', { name: 'Request the statement' }));

    expect(await within(dialog).findByTestId('statement-requested')).toHaveTextContent(
      'Your statement is on its way to your email.',
    );
    expect(server$.bodies).toEqual([
      { start_date: `${today.slice(0, 8)}01`, end_date: today, type: 'csv', currency: usd.id },
    ]);
    // The list is asked again, and the new statement shows as being made.
    await waitFor(() =>
      expect(within(dialog).getAllByTestId('statement')[0]).toHaveAttribute(
        'data-state',
        'PREPARING',
      ),
    );
  });

  it('lists the statements, each READY one with its download link', async () => {
    const user = userEvent.setup();
    serveStatements([
      statement(),
      statement({
        id: fixtureId(11, 3),
        state: 'EXPIRED',
        download_url: null,
        type: 'pdf',
        currency: gbp,
      }),
    ]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    const list = await screen.findByRole('list', { name: 'Your statements' });
    const items = await within(list).findAllByTestId('statement');
    expect(items).toHaveLength(2);
    const link = within(items[0] as HTMLElement).getByRole('link', {
      name: /^Download the statement/,
    });
    expect(link).toHaveAttribute('href', '/client/v1/transaction/statements/abc/download');
    expect(items[0]).toHaveTextContent('Ready');
    expect(items[1]).toHaveTextContent('PDF · GBP');
    expect(items[1]).toHaveTextContent('Expired');
    expect(within(items[1] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('polls the list while a statement is being made, and stops once it is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const server$ = serveStatements([statement({ state: 'PREPARING', download_url: null })]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    await screen.findByTestId('statement');
    server$.list = [statement()];
    await act(() => vi.advanceTimersByTimeAsync(STATEMENTS_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('statement')).toHaveAttribute('data-state', 'READY'),
    );
    const reads = server$.reads;
    await act(() => vi.advanceTimersByTimeAsync(STATEMENTS_POLL_MS * 3));
    expect(server$.reads).toBe(reads);
  });

  it('refuses an end before the start without asking the server, and shows the server’s 412', async () => {
    const user = userEvent.setup();
    const server$ = serveStatements([]);
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download a statement' });
    await user.clear(within(dialog).getByLabelText(/^From/));
    await user.type(within(dialog).getByLabelText(/^From/), '2026-11-20');
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '2026-11-10');
    await user.click(within(dialog).getByRole('button', { name: 'Request the statement' }));
    expect(
      await within(dialog).findByText('The end date must not be before the start date.'),
    ).toBeInTheDocument();
    expect(server$.bodies).toEqual([]);

    server.use(
      http.post('/client/v1/transaction/statement', () =>
        HttpResponse.json(
          { type: 'account_verification_required', message: 'Verify your account first.' },
          { status: 412 },
        ),
      ),
    );
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), '2026-11-21');
    await user.click(within(dialog).getByRole('button', { name: 'Request the statement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Verify your account first.',
    );
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await act(() => setLocale('en'));
    });

    it('says its own words', async () => {
      const user = userEvent.setup();
      await setLocale('es');
      await Promise.all(
        [statementsMessages, transactionsMessages, commonMessages, uiMessages].map((c) => c.load()),
      );
      serveStatements([statement()]);
      renderList();
      await user.click(await screen.findByRole('button', { name: 'Descargar extracto' }));
      const dialog = await screen.findByRole('dialog', { name: 'Descargar un extracto' });
      expect(within(dialog).getByRole('button', { name: 'Pedir el extracto' })).toBeInTheDocument();
      expect(await within(dialog).findByText('Listo')).toBeInTheDocument();
    });
  });
});
