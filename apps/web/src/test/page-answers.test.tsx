import { apiPaths } from '@corridor/contracts/wire/routes';
import type { RouteName } from '@/config/routes';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appRoutes } from '@/app/router';
import { httpClient } from '@/lib/http-client';
import { resetPageAnswers } from '@/lib/page-answers';
import { SCREEN_ANSWERS, SIGNED_IN_FRAME_ANSWERS } from '../../vite-app-shape';
import { onboardedCustomerFixture } from './fixtures';
import { serveMoneyScreens } from './handlers';
import { server } from './msw-server';
import { pageWithAnswers, removePageAnswers } from './page-with-answers';
import { quoteFixture } from './quote-fixtures';
import { renderRoutes } from './render';
import { transactionFixture, transactionListFixture } from './transaction-fixtures';
import { transferQuoteFixture } from './transfer-fixtures';

const quote = transferQuoteFixture({ recipient: null, recipients: [] });
const transaction = transactionFixture();
/** Each route parameter as the page's URL gives it. */
const params: Record<string, string> = { quoteId: quote.id, transactionId: transaction.id };

/** A route's answer paths with its parameters filled in, as the server fills them. */
const filled = (paths: readonly string[]) =>
  paths.map((path) => path.replace(/:([A-Za-z]+)/g, (_all, name: string) => params[name] ?? ''));

/** What the server would answer each GET the build names, as the page carries it. */
const answerTo: Record<string, () => unknown> = {
  [apiPaths.profile]: () => ({ ...onboardedCustomerFixture(), name: 'Ada' }),
  [apiPaths.tasks]: () => [
    {
      id: 'has_address',
      title: 'Add your address',
      description: 'Where you live.',
      status: 'pending',
    },
  ],
  [apiPaths.quote]: () => quoteFixture(),
  [apiPaths.quoteById(quote.id)]: () => quote,
  [apiPaths.transaction(transaction.id)]: () => transaction,
  [apiPaths.transactions]: () => transactionListFixture([transaction]),
  [apiPaths.recipientsWhisper]: () => ({ data: [] }),
};

/** The page the server sends a signed-in browser for `route` (decision 29). */
function pageAnswering(paths: readonly string[]): void {
  const answers = Object.fromEntries(
    paths.map((path) => {
      const answer = answerTo[path];
      if (answer === undefined) throw new Error(`no answer for ${path} in this test`);
      return [path, answer()];
    }),
  );
  pageWithAnswers(answers);
}

/** Counts every request of `paths`, answering as the server would. */
function countRequests(paths: readonly string[]): string[] {
  const asked: string[] = [];
  server.use(
    ...paths.map((path) =>
      http.get(path, ({ request }) => {
        asked.push(`${new URL(request.url).pathname}${new URL(request.url).search}`);
        return HttpResponse.json(answerTo[path]?.() as Record<string, unknown>);
      }),
    ),
  );
  return asked;
}

let stopLanguage: () => void = () => undefined;
beforeEach(() => {
  resetPageAnswers();
  // As main.tsx does: the server answers in the language the screens show.
  stopLanguage = httpClient.provideHeader('Accept-Language', () => 'en');
});
afterEach(() => {
  stopLanguage();
  removePageAnswers();
});

describe('the answers a signed-in page comes with', () => {
  it('draw the dashboard with no request: each is what its loader asks for, exactly', async () => {
    const paths = [...SIGNED_IN_FRAME_ANSWERS, ...(SCREEN_ANSWERS.dashboard ?? [])];
    expect(paths).toEqual([apiPaths.profile, apiPaths.tasks, apiPaths.quote]);
    pageAnswering(paths);
    const asked = countRequests(paths);

    renderRoutes(appRoutes, '/dashboard');

    // The first render of a file imports the frame and the screen: time on a busy machine.
    expect(await screen.findByText('Welcome, Ada', {}, { timeout: 10_000 })).toBeInTheDocument();
    const calculator = screen.getByRole('form', { name: 'Price a transfer' });
    expect(within(calculator).getByRole('textbox', { name: 'You send' })).toHaveValue('100.00');
    expect(screen.getByRole('list', { name: 'Your tasks' })).toHaveTextContent('Add your address');
    expect(asked).toEqual([]);
  });

  /** Each money screen, at its URL, and what it shows once its first answers are in. */
  const moneyScreens: [RouteName, string, () => Promise<unknown>][] = [
    [
      'transferWizard',
      `/transfer/${quote.id}`,
      () => screen.findByRole('heading', { name: 'Add recipient details' }, { timeout: 10_000 }),
    ],
    [
      'makePayment',
      `/pay/${transaction.id}`,
      () => screen.findByTestId('bank-transfer-details', {}, { timeout: 10_000 }),
    ],
    [
      'transactions',
      '/transactions',
      () => screen.findByRole('list', { name: 'Your transfers' }, { timeout: 10_000 }),
    ],
    [
      'viewTransaction',
      `/transaction/${transaction.id}`,
      () =>
        screen.findByRole('heading', { level: 1, name: 'Transfer TP7402166' }, { timeout: 10_000 }),
    ],
  ];

  it.each(moneyScreens)(
    'draw the %s screen with no request for them, its ids filled in from the URL',
    async (name, url, drawn) => {
      const paths = filled([...SIGNED_IN_FRAME_ANSWERS, ...(SCREEN_ANSWERS[name] ?? [])]);
      expect(paths.length).toBeGreaterThan(1);
      serveMoneyScreens();
      pageAnswering(paths);
      const asked = countRequests(paths);

      renderRoutes(appRoutes, url);

      await drawn();
      expect(asked).toEqual([]);
    },
  );

  it('are asked for as before when the page came without them', async () => {
    const paths = [...SIGNED_IN_FRAME_ANSWERS, ...(SCREEN_ANSWERS.dashboard ?? [])];
    const asked = countRequests(paths);

    renderRoutes(appRoutes, '/dashboard');

    expect(await screen.findByText('Welcome, Ada', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(asked.sort()).toEqual([...paths].sort());
  });
});
