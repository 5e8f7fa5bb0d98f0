import type { Recipient } from '@corridor/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { countriesMessages } from '@/features/countries';
import { commonMessages, setLocale } from '@/i18n';
import { validationError } from '@/test/handlers';
import {
  accessBank,
  bankMethod,
  confirmChannel,
  fixtureId,
  friend,
  gcash,
  ibanChannel,
  indiaTarget,
  mainBranch,
  nigeriaTarget,
  nubanChannel,
  philippines,
  philippinesTarget,
  pkoBank,
  poland,
  polandTarget,
  recipientFixture,
  serveRecipientsApi,
  stateBank,
  walletChannel,
  walletMethod,
} from '@/test/recipient-fixtures';
import { renderRoutes } from '@/test/render';
import { uiMessages } from '@/ui/messages';
import { recipientsMessages } from '../messages';
import { AddRecipientWizard, type AddRecipientWizardProps } from './add-recipient-wizard';
import { NAME_LOOKUP_DEBOUNCE_MS } from '../lib/use-name-lookup';

beforeAll(() =>
  Promise.all([
    recipientsMessages.load(),
    uiMessages.load(),
    commonMessages.load(),
    countriesMessages.load(),
  ]),
);

afterEach(() => {
  vi.useRealTimers();
});

function renderWizard(props: Partial<AddRecipientWizardProps> = {}) {
  const onSaved = vi.fn<(recipient: Recipient) => void>();
  const { router } = renderRoutes(
    [{ path: '/', element: <AddRecipientWizard onSaved={onSaved} {...props} /> }],
    '/',
  );
  return { onSaved, router };
}

const heading = (name: string | RegExp) => screen.findByRole('heading', { name });
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

/** Opens a searchable select by its label and chooses an option. */
async function choose(label: RegExp, option: string, user: Pick<UserEvent, 'click'> = userEvent) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const dialog = await screen.findByRole('dialog', { name: label });
  await user.click(within(dialog).getByRole('option', { name: new RegExp(option) }));
  await waitFor(() =>
    expect(screen.queryByRole('dialog', { name: label })).not.toBeInTheDocument(),
  );
}

describe('AddRecipientWizard', () => {
  it('skips the steps with one option and focuses each step’s heading; Back returns', async () => {
    serveRecipientsApi({
      targets: [nigeriaTarget],
      methods: { [nigeriaTarget.country.id]: [bankMethod] },
      channel: () => nubanChannel,
    });
    renderWizard();

    const type = await heading('Who are you sending to?');
    await waitFor(() => expect(type).toHaveFocus());
    // Nothing before it was shown: nowhere to go back to.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Individual/ }));
    const form = await heading('Recipient details');
    await waitFor(() => expect(form).toHaveFocus());
    expect(screen.getByText('For receiving NGN in Nigeria using Bank account')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Who are you sending to?' })).toHaveFocus(),
    );
    expect(screen.getByRole('button', { name: /^Individual/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('lists targets to search and methods for the target; Back skips the one-method step', async () => {
    serveRecipientsApi({
      methods: { [poland.id]: [bankMethod], [philippines.id]: [bankMethod, walletMethod] },
      channel: (countryId) => (countryId === poland.id ? ibanChannel : walletChannel),
    });
    renderWizard();

    expect(await heading('Where does your recipient live?')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Countries and currencies' });
    expect(within(list).getAllByRole('button')).toHaveLength(4);
    expect(within(list).getByRole('button', { name: 'India INR Indian rupee' })).toBeVisible();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search countries and currencies' }),
      'peso',
    );
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Philippines PHP Philippine peso']);
    await userEvent.click(within(list).getByRole('button', { name: /Philippines/ }));

    expect(await heading('How will they receive the money?')).toBeInTheDocument();
    const methods = screen.getByRole('list', { name: 'Delivery methods' });
    expect(
      within(methods).getByRole('button', {
        name: 'Mobile wallet To the wallet on their phone, in minutes. For your recipient in Philippines to receive PHP',
      }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));

    await heading('Where does your recipient live?');
    await userEvent.click(screen.getByRole('button', { name: /Poland/ }));
    // Poland pays out one way only: straight to the type.
    await heading('Who are you sending to?');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading('Where does your recipient live?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Poland/ })).toHaveAttribute('aria-current', 'true');
  });

  it('is in the browser’s history: Back goes one step back, Forward again, what was typed kept', async () => {
    serveRecipientsApi({ methods: { [poland.id]: [bankMethod] }, channel: () => ibanChannel });
    const { router } = renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: /Poland/ }));
    await userEvent.click(await screen.findByRole('button', { name: /^Individual/ }));
    await heading('Recipient details');
    await userEvent.type(textbox(/^First name/), 'Jan');
    await choose(/^Your relationship to them/, friend.title);

    // The browser's Back (a phone's back gesture): the step before, not the page before.
    await act(() => router.navigate(-1));
    expect(await heading('Who are you sending to?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Individual/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await act(() => router.navigate(1));
    await heading('Recipient details');
    expect(textbox(/^First name/)).toHaveValue('Jan');
    expect(screen.getByRole('combobox', { name: /^Your relationship to them/ })).toHaveTextContent(
      friend.title,
    );

    // Poland's one method was never shown: two steps back is where the recipient lives.
    await act(() => router.navigate(-2));
    expect(await heading('Where does your recipient live?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Poland/ })).toHaveAttribute('aria-current', 'true');
    await act(() => router.navigate(2));
    await heading('Recipient details');
    expect(textbox(/^First name/)).toHaveValue('Jan');

    // The wizard's own Back is the browser's.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await heading('Who are you sending to?');
    await act(() => router.navigate(1));
    await heading('Recipient details');
    expect(textbox(/^First name/)).toHaveValue('Jan');
  });

  it('starts from a quote’s target and method; a wallet posts {country, number} with the quote', async () => {
    const saved = recipientFixture({ id: fixtureId(6, 7), channel: walletChannel });
    const api = serveRecipientsApi({
      methods: { [philippines.id]: [bankMethod, walletMethod] },
      channel: () => walletChannel,
      add: () => saved,
    });
    const quoteId = fixtureId(7, 1);
    const { onSaved } = renderWizard({
      initialTarget: { countryId: philippines.id, currencyId: philippinesTarget.currency.id },
      initialMethod: walletMethod.id,
      quoteId,
    });

    // Target and method given, the type fixed by the channel: the form at once.
    expect(await heading('Recipient details')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.type(textbox(/^First name or business name/), 'Maria');
    await userEvent.type(textbox(/^Last name/), 'Santos');
    await choose(/^Wallet provider/, gcash.title);
    expect(
      screen.getByRole('combobox', { name: /^Country code of the Mobile number/ }),
    ).toHaveTextContent('Philippines +63');
    const mobile = screen.getByRole('textbox', { name: /^Mobile number/ });
    expect(mobile).toHaveAttribute('type', 'tel');
    expect(mobile).toHaveAccessibleDescription('The number registered with their wallet.');
    await userEvent.type(mobile, '9171234567');
    await choose(/^Your relationship to them/, friend.title);
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(api.adds).toHaveLength(1);
    const [add] = api.adds;
    expect(add?.query.get('payout_channel_id')).toBe(walletChannel.id);
    expect(add?.query.get('quote_id')).toBe(quoteId);
    expect(add?.body).toEqual({
      recipient_type: 'individual',
      relationship_id: friend.id,
      name: 'Maria',
      third_name: 'Santos',
      wallet_provider: gcash.id,
      mobile_number: { country: philippines.id, number: expect.stringMatching(/^917 ?123 ?4567$/) },
    });
  });

  it('looks the account holder up once the bank and a valid number are in, a second later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = serveRecipientsApi({
      targets: [nigeriaTarget],
      methods: { [nigeriaTarget.country.id]: [bankMethod] },
      channel: () => nubanChannel,
      lookup: (query) =>
        query.get('account_number')?.endsWith('0000')
          ? HttpResponse.json(
              { message: 'No account with this number was found at this bank.' },
              { status: 422 },
            )
          : { name: 'CHIDI OKAFOR' },
    });
    renderWizard();
    await user.click(await screen.findByRole('button', { name: /^Business/ }));
    await heading('Recipient details');
    const name = textbox(/^Account holder name/);
    expect(name).toHaveAttribute('readonly');

    await user.type(textbox(/^Account number/), '012345678');
    await choose(/^Bank/, accessBank.title, user);
    // Nine digits: not a valid account number, so nothing is asked however long we wait.
    await act(() => vi.advanceTimersByTimeAsync(5 * NAME_LOOKUP_DEBOUNCE_MS));
    expect(api.lookups).toHaveLength(0);

    await user.type(textbox(/^Account number/), '9');
    await act(() => vi.advanceTimersByTimeAsync(NAME_LOOKUP_DEBOUNCE_MS - 50));
    expect(api.lookups).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(50));
    await waitFor(() => expect(name).toHaveValue('CHIDI OKAFOR'));
    expect(api.lookups).toHaveLength(1);
    expect(Object.fromEntries(api.lookups[0] ?? [])).toEqual({
      account_number: '0123456789',
      bank: accessBank.id,
    });
    expect(screen.getByText('The account is in the name of CHIDI OKAFOR.')).toHaveAttribute(
      'role',
      'status',
    );

    // Another number: the name no longer belongs to it; the bank's refusal shows under it.
    await user.clear(textbox(/^Account number/));
    expect(name).toHaveValue('');
    await user.type(textbox(/^Account number/), '0123450000');
    await act(() => vi.advanceTimersByTimeAsync(NAME_LOOKUP_DEBOUNCE_MS));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('No account with this number was found at this bank.'),
    );
    expect(api.lookups).toHaveLength(2);
  });

  it('checks an IBAN as typed, then puts the server’s 422 under the field', async () => {
    const api = serveRecipientsApi({
      targets: [polandTarget],
      methods: { [poland.id]: [bankMethod] },
      channel: () => ibanChannel,
      add: () =>
        validationError({ iban: ['This IBAN is not valid. Check it for typing mistakes.'] }),
    });
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: /^Individual/ }));
    await heading('Recipient details');
    await userEvent.type(textbox(/^First name/), 'Jan');
    await userEvent.type(textbox(/^Last name/), 'Kowalski');
    await choose(/^Bank/, pkoBank.title);
    await choose(/^Your relationship to them/, friend.title);

    const iban = textbox(/^IBAN/);
    expect(iban).toHaveAttribute('placeholder', 'PL61 1090 1014 0000 0712 1981 2874');
    await userEvent.type(iban, '61109010');
    // The mask writes the country and spaces the groups.
    expect(iban).toHaveValue('PL61 1090 10');
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
    await waitFor(() => expect(iban).toHaveAttribute('aria-invalid', 'true'));
    expect(iban).toHaveAccessibleDescription(
      expect.stringContaining('Enter an IBAN of 28 characters starting with PL.'),
    );
    await waitFor(() => expect(iban).toHaveFocus());
    expect(api.adds).toHaveLength(0);

    await userEvent.type(iban, '140000071219812875');
    expect(iban).toHaveValue('PL61 1090 1014 0000 0712 1981 2875');
    // Fixed as typed: the message goes.
    expect(iban).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
    await waitFor(() => expect(api.adds).toHaveLength(1));
    expect(api.adds[0]?.body.iban).toBe('PL61 1090 1014 0000 0712 1981 2875');
    await waitFor(() => expect(iban).toHaveAttribute('aria-invalid', 'true'));
    expect(iban).toHaveAccessibleDescription(
      expect.stringContaining('This IBAN is not valid. Check it for typing mistakes.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('marks what the server requires of the type chosen, and says every problem in one round', async () => {
    const api = serveRecipientsApi({
      targets: [polandTarget],
      methods: { [poland.id]: [bankMethod] },
      channel: () => ibanChannel,
    });
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: /^Individual/ }));
    await heading('Recipient details');
    // A person: their first and last names, both required (as the server requires them).
    const first = textbox(/^First name/);
    const last = textbox(/^Last name/);
    expect(first).toBeRequired();
    expect(last).toBeRequired();
    expect(last).toHaveAccessibleDescription('Their family name.');

    await userEvent.type(first, 'Rahul1');
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
    // One submit, every problem: the typed field, the empty ones, the lists.
    await waitFor(() => expect(first).toHaveAttribute('aria-invalid', 'true'));
    expect(first).toHaveAccessibleDescription(
      expect.stringContaining('Use letters, spaces, hyphens and apostrophes only.'),
    );
    expect(last).toHaveAccessibleDescription(
      expect.stringContaining('The last name field is required.'),
    );
    expect(textbox(/^IBAN/)).toHaveAttribute('aria-invalid', 'true');
    for (const list of [/^Bank/, /^Your relationship to them/]) {
      expect(screen.getByRole('combobox', { name: list })).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByText('Choose a bank from the list.')).toBeVisible();
    expect(screen.getByText('Please select your relationship to the recipient.')).toBeVisible();
    expect(api.adds).toHaveLength(0);

    // A business: its registered name, and no last name to give.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('button', { name: /^Business/ }));
    await heading('Recipient details');
    expect(textbox(/^Business name/)).toBeRequired();
    expect(textbox(/^Last name/)).not.toBeRequired();
  });

  it('will not send an account number whose confirmation differs; branches load for the bank', async () => {
    const api = serveRecipientsApi({
      targets: [indiaTarget],
      methods: { [indiaTarget.country.id]: [bankMethod] },
      channel: () => confirmChannel,
    });
    renderWizard();
    await userEvent.click(await screen.findByRole('button', { name: /^Individual/ }));
    await heading('Recipient details');
    await userEvent.type(textbox(/^First name or business name/), 'Priya');
    const branch = screen.getByRole('combobox', { name: /^Branch/ });
    expect(branch).toBeDisabled();
    expect(branch).toHaveAccessibleDescription('Choose the bank first.');
    await choose(/^Bank/, stateBank.title);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Branch/ })).toBeEnabled());
    expect(api.subOptionRequests).toEqual([stateBank.id]);
    await choose(/^Branch/, mainBranch.title);
    await choose(/^Your relationship to them/, friend.title);

    await userEvent.type(textbox(/^Account number/), '123456789012');
    const twin = textbox(/^Confirm account number/);
    await userEvent.type(twin, '123456789013');
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
    await waitFor(() => expect(twin).toHaveAttribute('aria-invalid', 'true'));
    expect(twin).toHaveAccessibleDescription('The account number confirmation does not match.');
    expect(api.adds).toHaveLength(0);

    await userEvent.clear(twin);
    await userEvent.type(twin, '1234 5678 9012');
    await userEvent.click(screen.getByRole('button', { name: 'Save recipient' }));
    await waitFor(() => expect(api.adds).toHaveLength(1));
    expect(api.adds[0]?.body).toMatchObject({
      bank: stateBank.id,
      branch: mainBranch.id,
      account_number: '123456789012',
      confirm_account_number: '1234 5678 9012',
    });
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
        countriesMessages.load('es'),
      ]);
      await setLocale('es', { remember: false });
      serveRecipientsApi({
        methods: { [poland.id]: [bankMethod, walletMethod] },
        channel: () => ibanChannel,
      });
      renderWizard();
      expect(await heading('¿Dónde vive tu destinatario?')).toBeInTheDocument();
      expect(screen.getByRole('searchbox', { name: 'Buscar países y monedas' })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: /Polonia/ }));
      expect(await heading('¿Cómo recibirá el dinero?')).toBeInTheDocument();
      expect(
        screen.getAllByText('Para que tu destinatario en Polonia reciba PLN').length,
      ).toBeGreaterThan(0);
      await userEvent.click(screen.getByRole('button', { name: /^Bank account/ }));
      expect(await heading('¿A quién le envías dinero?')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: /^Empresa/ }));
      expect(await heading('Datos del destinatario')).toBeInTheDocument();
      expect(screen.getByText('Para recibir PLN en Polonia mediante Bank account')).toBeVisible();
      expect(screen.getByRole('combobox', { name: /^Tu relación con esta persona/ })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Guardar destinatario' }));
      expect(await screen.findByText('El campo IBAN es obligatorio.')).toBeVisible();
      expect(screen.getByRole('button', { name: 'Atrás' })).toBeVisible();
    });
  });
});
