import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '@/i18n';
import { server } from '@/test/msw-server';
import {
  fixtureId,
  philippinesTarget,
  recipientFixture,
  serveRecipientsApi,
  walletChannel,
  walletMethod,
} from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { uiMessages } from '@/ui/messages';
import { countriesMessages } from '@/features/countries';
import { recipientsMessages } from '../messages';
import { RecipientsScreen } from './recipients-screen';

// As the route's loader does: the screen's words before its first render.
beforeAll(() =>
  Promise.all([
    recipientsMessages.load(),
    uiMessages.load(),
    commonMessages.load(),
    countriesMessages.load(),
  ]),
);

const chidi = recipientFixture({
  id: fixtureId(6, 1),
  name: 'Chidi',
  thirdName: 'Okafor',
  recentTransactionAt: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
});
const maria = recipientFixture({
  id: fixtureId(6, 2),
  name: 'Maria',
  thirdName: 'Santos',
  target: philippinesTarget,
  method: walletMethod,
  channel: walletChannel,
  relationship: null,
});

function renderList(path = '/recipients') {
  return renderRoutes(
    [
      { path: '/recipients', Component: RecipientsScreen },
      { path: '/recipient/:id', element: <p>Recipient page</p> },
    ],
    path,
  );
}

const cards = () =>
  within(screen.getByRole('list', { name: 'Your recipients' })).getAllByRole('listitem');

describe('RecipientsScreen', () => {
  it('shows skeletons, then a card per recipient with name, country, method and last transfer', async () => {
    serveRecipientsApi({ recipients: [chidi, maria] });
    renderList();
    expect(screen.getByRole('heading', { level: 1, name: 'Recipients' })).toBeInTheDocument();
    expect(screen.getByText('Loading your recipients')).toHaveAttribute('role', 'status');

    await screen.findByRole('list', { name: 'Your recipients' });
    const [first, second] = cards();
    expect(
      within(first as HTMLElement).getByRole('link', { name: 'Chidi Okafor' }),
    ).toHaveAttribute('href', `/recipient/${chidi.id}`);
    expect(first).toHaveTextContent('CO');
    expect(first).toHaveTextContent('Nigeria');
    expect(first).toHaveTextContent('Bank account');
    expect(first).toHaveTextContent('Last transfer 5 minutes ago');
    expect(second).toHaveTextContent('Philippines');
    expect(second).toHaveTextContent('Mobile wallet');
    expect(second).toHaveTextContent('You have never sent money to Maria.');
    expect(screen.queryByText('Loading your recipients')).not.toBeInTheDocument();
  });

  it('shows the empty state with a way to add the first recipient', async () => {
    serveRecipientsApi({ recipients: [] });
    renderList();
    expect(await screen.findByRole('heading', { name: 'No recipients yet' })).toBeInTheDocument();
    // The header's action and the empty state's: both open the wizard.
    const adds = screen.getAllByRole('button', { name: 'Add recipient' });
    expect(adds).toHaveLength(2);
    await userEvent.click(adds[1] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Add a recipient' })).toBeInTheDocument();
  });

  it('searches on the server once typing pauses, from page 1, and can clear the search', async () => {
    const api = serveRecipientsApi({ recipients: [chidi, maria] });
    const { router } = renderList('/recipients?page=1');
    await screen.findByRole('list', { name: 'Your recipients' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search recipients' }), 'mar');
    await waitFor(() => expect(api.lists.at(-1)?.get('search')).toBe('mar'));
    // One request for the whole word, not one per letter.
    expect(api.lists.filter((query) => query.has('search'))).toHaveLength(1);
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Maria Santos');
    expect(router.state.location.search).toBe('?search=mar');
    expect(screen.getByText('1 recipient found')).toHaveAttribute('role', 'status');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search recipients' }), 'x');
    expect(
      await screen.findByRole('heading', { name: 'No recipients match “marx”' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByRole('searchbox', { name: 'Search recipients' })).toHaveValue('');
  });

  it('pages through the server’s pages', async () => {
    const many = Array.from({ length: 3 }, (_, index) =>
      recipientFixture({ id: fixtureId(6, 10 + index), name: `Person${index + 1}` }),
    );
    const api = serveRecipientsApi({ recipients: many, perPage: 2 });
    const { router } = renderList();
    await screen.findByRole('list', { name: 'Your recipients' });
    const pages = screen.getByRole('navigation', { name: 'Pages of recipients' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    expect(cards()).toHaveLength(2);

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 2 of 2'));
    expect(api.lists.at(-1)?.get('page')).toBe('2');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Person3');
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pages).toHaveTextContent('Page 1 of 2'));
    expect(api.lists.at(-1)?.has('page')).toBe(false);
  });

  it('shows a failed load with Retry', async () => {
    let failures = 1;
    serveRecipientsApi({ recipients: [chidi] });
    server.use(
      http.get('/client/v1/recipients', () => {
        if (failures === 0) return undefined;
        failures -= 1;
        return HttpResponse.json({ message: 'Slow down.' }, { status: 429 });
      }),
    );
    renderList();
    expect(
      await screen.findByRole('alert', { name: 'We could not load your recipients' }),
    ).toHaveTextContent('Slow down.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Chidi Okafor' })).toBeInTheDocument();
  });

  it('goes to the new recipient’s page once the wizard saves one', async () => {
    const saved = recipientFixture({ id: fixtureId(6, 42), name: 'Ngozi', thirdName: 'Eze' });
    const api = serveRecipientsApi({
      recipients: [chidi],
      targets: [philippinesTarget],
      methods: { [philippinesTarget.country.id]: [walletMethod] },
      channel: () => walletChannel,
      add: () => saved,
    });
    const { router } = renderList();
    await screen.findByRole('list', { name: 'Your recipients' });
    await userEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a recipient' });
    // One target, one method, a channel for people only: the form straight away.
    expect(await within(dialog).findByRole('heading', { name: 'Recipient details' })).toBeVisible();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Ngozi');
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /^Mobile number/ }),
      '9171234567',
    );
    for (const [label, option] of [
      [/^Wallet provider/, 'GCash'],
      [/^Your relationship to them/, 'Friend'],
    ] as const) {
      await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
      const list = await screen.findByRole('dialog', { name: label });
      await userEvent.click(within(list).getByRole('option', { name: new RegExp(option) }));
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument(),
      );
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save recipient' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`/recipient/${saved.id}`));
    expect(api.adds).toHaveLength(1);
    expect(api.adds[0]?.query.has('quote_id')).toBe(false);
    // The router renders the new page in a transition, which may commit after its state moves.
    expect(await screen.findByText('Recipient page')).toBeInTheDocument();
  });
});
