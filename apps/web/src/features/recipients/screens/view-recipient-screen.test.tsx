import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countriesMessages } from '@/features/countries';
import { commonMessages, setLocale } from '@/i18n';
import {
  accessBank,
  fixtureId,
  friend,
  gcash,
  gtBank,
  parent,
  philippines,
  philippinesTarget,
  recipientFixture,
  serveRecipientsApi,
  walletChannel,
  walletMethod,
} from '@/test/recipient-fixtures';
import { server } from '@/test/msw-server';
import { quoteFixture } from '@/test/quote-fixtures';
import { renderRoutes } from '@/test/render';
import { uiMessages } from '@/ui/messages';
import { clearToasts, Toaster } from '@/ui/toasts';
import { recipientsMessages } from '../messages';
import { ViewRecipientScreen } from './view-recipient-screen';

beforeAll(() =>
  Promise.all([
    recipientsMessages.load(),
    uiMessages.load(),
    commonMessages.load(),
    countriesMessages.load(),
  ]),
);

/** The query of every live quote the page's calculator asked for. */
let quotes: URLSearchParams[] = [];

beforeEach(() => {
  quotes = [];
  // The calculator on the page prices a transfer to the recipient.
  server.use(
    http.get('/client/v1/quote', ({ request }) => {
      quotes.push(new URL(request.url).searchParams);
      return HttpResponse.json(quoteFixture());
    }),
  );
});

afterEach(() => {
  clearToasts();
});

const chidi = recipientFixture({
  id: fixtureId(6, 1),
  name: 'Chidi',
  thirdName: 'Okafor',
  values: { name: 'CHIDI OKAFOR', account_number: '0123456789', bank: accessBank },
  recentTransactionAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
});
const maria = recipientFixture({
  id: fixtureId(6, 2),
  name: 'Maria',
  thirdName: 'Santos',
  target: philippinesTarget,
  method: walletMethod,
  channel: walletChannel,
  relationship: parent,
  values: {
    name: 'Maria',
    third_name: 'Santos',
    wallet_provider: gcash,
    mobile_number: { country: philippines, number: '9171234567' },
  },
});

function renderRecipient(id: string) {
  // The toasts outlive the screen, as in the signed-in frame.
  return renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: '/recipient/:id', Component: ViewRecipientScreen },
          { path: '/recipients', element: <h1>All recipients page</h1> },
        ],
      },
    ],
    `/recipient/${id}`,
  );
}

/** The value of a term in the definition list under `section`. */
function valueOf(section: HTMLElement, term: string): string | null | undefined {
  const dt = within(section).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('ViewRecipientScreen', () => {
  it('shows the recipient, their relationship, last transfer and account details', async () => {
    serveRecipientsApi({ recipients: [chidi] });
    renderRecipient(chidi.id);
    expect(screen.getByRole('heading', { level: 1, name: 'Recipient' })).toBeInTheDocument();
    expect(screen.getByText('Loading the recipient')).toHaveAttribute('role', 'status');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chidi Okafor' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText('Bank account in Nigeria for receiving NGN')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/recipients');

    const about = section('About them');
    expect(valueOf(about, 'Name')).toBe('Chidi Okafor');
    expect(valueOf(about, 'Relationship')).toBe(friend.title);
    expect(valueOf(about, 'Recent transfer')).toBe('Last transfer 2 hours ago');

    const account = section('Bank account');
    expect(valueOf(account, 'Bank')).toBe('Access Bank');
    expect(valueOf(account, 'Account number')).toBe('0123456789');
    expect(valueOf(account, 'Account holder name')).toBe('CHIDI OKAFOR');
  });

  it('shows phones with their calling code, options by title, and never-sent', async () => {
    serveRecipientsApi({ recipients: [maria] });
    renderRecipient(maria.id);
    await screen.findByRole('heading', { level: 1, name: 'Maria Santos' });
    expect(screen.getByText('Mobile wallet in Philippines for receiving PHP')).toBeVisible();
    expect(valueOf(section('About them'), 'Recent transfer')).toBe(
      'You have never sent money to Maria.',
    );
    const account = section('Mobile wallet');
    expect(valueOf(account, 'Mobile number')).toBe('+63 9171234567');
    expect(valueOf(account, 'Wallet provider')).toBe('GCash');
    expect(valueOf(account, 'Last name')).toBe('Santos');
    // The calculator, scoped to them: their country, currency and method.
    expect(screen.getByRole('region', { name: 'Send money to Maria' })).toBeInTheDocument();
    await waitFor(() => expect(quotes.length).toBeGreaterThan(0));
    expect(quotes[0]?.get('payout_country_id')).toBe(philippines.id);
    expect(quotes[0]?.get('payout_currency_id')).toBe(philippinesTarget.currency.id);
    expect(quotes[0]?.get('payout_method_id')).toBe(walletMethod.id);
  });

  it('deletes after a confirmation, says so and goes back to the list', async () => {
    const api = serveRecipientsApi({ recipients: [chidi] });
    const { router } = renderRecipient(chidi.id);
    await screen.findByRole('heading', { level: 1, name: 'Chidi Okafor' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Chidi Okafor?' });
    // Focus starts on Cancel: Enter never deletes by accident.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.deletes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove recipient' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/recipients'));
    expect(api.deletes).toEqual([chidi.id]);
    expect(await screen.findByText('Recipient removed')).toBeInTheDocument();
    // The router renders the new page in a transition: on a busy machine the toast (rendered
    // outside the routes) can be committed first, so wait for the page as well.
    expect(await screen.findByRole('heading', { name: 'All recipients page' })).toBeInTheDocument();
  });

  it('says it could not load a recipient that is not there, with a link to all of them', async () => {
    serveRecipientsApi({ recipients: [] });
    renderRecipient(fixtureId(6, 404));
    const alert = await screen.findByRole('alert', { name: "We couldn't load this recipient" });
    expect(alert).toHaveTextContent('They may have been removed, or the link is wrong.');
    expect(screen.getByRole('heading', { level: 1, name: 'Recipient' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All recipients' })).toHaveAttribute(
      'href',
      '/recipients',
    );
  });

  it('edits with the form filled in, looks the name up again and posts to edit', async () => {
    const updated = recipientFixture({
      id: chidi.id,
      values: { name: 'NGOZI EZE', account_number: '0987654321', bank: gtBank },
      name: 'Ngozi',
      thirdName: 'Eze',
    });
    const api = serveRecipientsApi({
      recipients: [chidi],
      lookup: (query) => ({
        name: query.get('account_number') === '0987654321' ? 'NGOZI EZE' : 'CHIDI OKAFOR',
      }),
      edit: () => updated,
    });
    renderRecipient(chidi.id);
    await screen.findByRole('heading', { level: 1, name: 'Chidi Okafor' });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Chidi Okafor' });

    const number = within(dialog).getByRole('textbox', { name: /^Account number/ });
    const name = within(dialog).getByRole('textbox', { name: /^Account holder name/ });
    expect(number).toHaveValue('0123456789');
    expect(name).toHaveValue('CHIDI OKAFOR');
    expect(within(dialog).getByRole('combobox', { name: /^Bank/ })).toHaveTextContent(
      'Access Bank',
    );
    // The relationships' list is parsed in slices (a first answer's schema is built a few
    // milliseconds at a time): its field comes a task after the dialog, when it comes alone.
    expect(
      await within(dialog).findByRole('combobox', { name: /^Your relationship to them/ }),
    ).toHaveTextContent(friend.title);
    // The saved account is looked up again; its name stays meanwhile.
    await waitFor(() => expect(api.lookups).toHaveLength(1), { timeout: 3000 });
    expect(api.lookups[0]?.get('account_number')).toBe('0123456789');

    await userEvent.clear(number);
    expect(name).toHaveValue('');
    await userEvent.type(number, '0987654321');
    await userEvent.click(within(dialog).getByRole('combobox', { name: /^Bank/ }));
    const banks = await screen.findByRole('dialog', { name: /^Bank/ });
    await userEvent.click(within(banks).getByRole('option', { name: /Guaranty Trust Bank/ }));
    await waitFor(() => expect(name).toHaveValue('NGOZI EZE'), { timeout: 3000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(api.edits).toHaveLength(1));
    expect(api.adds).toHaveLength(0);
    expect(api.edits[0]).toEqual({
      id: chidi.id,
      body: {
        recipient_type: 'individual',
        relationship_id: friend.id,
        bank: gtBank.id,
        account_number: '0987654321',
        name: 'NGOZI EZE',
      },
    });
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ngozi Eze' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  describe('in Spanish', () => {
    afterEach(async () => {
      await setLocale('en', { remember: false });
    });

    it('says its own words in Spanish', async () => {
      await Promise.all([
        recipientsMessages.load('es'),
        commonMessages.load('es'),
        uiMessages.load('es'),
      ]);
      await setLocale('es', { remember: false });
      serveRecipientsApi({ recipients: [maria] });
      renderRecipient(maria.id);
      await screen.findByRole('heading', { level: 1, name: 'Maria Santos' });
      expect(screen.getByText('Mobile wallet en Filipinas para recibir PHP')).toBeVisible();
      expect(valueOf(section('Sobre este destinatario'), 'Envío más reciente')).toBe(
        'Nunca has enviado dinero a Maria.',
      );
      expect(screen.getByRole('button', { name: 'Eliminar' })).toBeVisible();
    });
  });
});
