import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsMessages } from '@/features/accounts';
import { getCustomer, setCustomer } from '@/features/customers';
import { commonMessages, currentLocale, setLocale } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import {
  customerFixture,
  deviceFixture,
  deviceListFixture,
  onboardedCustomerFixture,
  unitedKingdom,
} from '@/test/fixtures';
import {
  serveCountries,
  serveCsrfCookie,
  servePasswordPolicy,
  servePost,
  validationError,
} from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes, visibilityToggle } from '@/test/render';
import { uiMessages } from '@/ui/messages';
import { settingsMessages } from '../messages';
import { SettingsScreen } from './settings-screen';

// As the route's loader does: the screen's words before its first render.
beforeAll(() =>
  Promise.all([
    settingsMessages.load(),
    accountsMessages.load(),
    uiMessages.load(),
    commonMessages.load(),
  ]),
);

/** The password form lives in the sign-in and security section. */
function renderSettings() {
  servePasswordPolicy();
  // The new-password checklist asks the server about common passwords as one is typed.
  serveCsrfCookie();
  server.use(
    http.post('/client/v1/password/check', () => HttpResponse.json({ commonly_used: false })),
  );
  setCustomer(customerFixture());
  return renderRoutes(
    [
      { path: '/', element: <h1>Sign in stub</h1> },
      { path: '/settings', Component: SettingsScreen },
    ],
    '/settings#security',
  );
}

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

async function changePassword(current = 'Old password 1', next = 'New password 22') {
  await userEvent.type(
    await screen.findByLabelText(/^Current password/, { selector: 'input' }),
    current,
  );
  await userEvent.type(input(/^New password/), next);
  await userEvent.type(input(/^Confirm new password/), next);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('SettingsScreen: change password', () => {
  it('has three password fields with their own toggles and the policy checklist', async () => {
    renderSettings();
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    for (const label of [/^Current password/, /^New password/, /^Confirm new password/]) {
      const field = input(label);
      await userEvent.click(visibilityToggle(field));
      expect(field).toHaveAttribute('type', 'text');
    }
  });

  it('on success forgets the customer and the cache and goes to /?referer=change-password', async () => {
    let body: unknown;
    server.use(
      http.post('/client/v1/change-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'Your password has been changed.' });
      }),
    );
    const { router } = renderSettings();
    // Something else fetched for this customer, which must not outlive the session.
    queryClient.setQueryData(['devices'], []);
    await changePassword();

    await screen.findByRole('heading', { level: 1, name: 'Sign in stub' });
    expect(body).toEqual({
      current_password: 'Old password 1',
      password: 'New password 22',
      confirm_password: 'New password 22',
    });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?referer=change-password');
    expect(getCustomer()).toBeUndefined();
    expect(queryClient.getQueryData(['devices'])).toBeUndefined();
  });

  it('shows a wrong current password under its field and stays', async () => {
    server.use(
      http.post('/client/v1/change-password', () =>
        validationError({ current_password: ['The current password is incorrect.'] }),
      ),
    );
    const { router } = renderSettings();
    await changePassword();

    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(input(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(input(/^Current password/)).toHaveAccessibleDescription(
      'The current password is incorrect.',
    );
    expect(router.state.location.pathname).toBe('/settings');
    expect(getCustomer()).toBeDefined();
  });
});

describe('SettingsScreen: profile sections', () => {
  function renderProfile(customer = onboardedCustomerFixture()) {
    servePasswordPolicy();
    serveCountries();
    setCustomer(customer);
    return renderRoutes([{ path: '/settings', Component: SettingsScreen }], '/settings');
  }

  it('shows a section per category the country asks for, filled with the stored values', async () => {
    const customer = onboardedCustomerFixture();
    customer.attributes = customer.attributes.map((attribute) =>
      attribute.attribute === 'address.postcode' ? { ...attribute, value: 'SW1A 1AA' } : attribute,
    );
    renderProfile(customer);
    for (const name of ['Personal details', 'Address', 'Employment', 'Mobile number']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const address = within(screen.getByRole('region', { name: 'Address' }));
    expect(address.getByLabelText(/^Postcode/, { selector: 'input' })).toHaveValue('SW1A 1AA');
    expect(address.getByRole('button', { name: 'Save address' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Address' })).toHaveAttribute('id', 'address');
    const mobile = within(screen.getByRole('region', { name: 'Mobile number' }));
    expect(mobile.getByLabelText(/^Mobile number/, { selector: 'input' })).toHaveValue(
      '07400 123456',
    );
  });

  it('leaves out a category the country does not ask for', async () => {
    const customer = onboardedCustomerFixture();
    customer.attributes = customer.attributes.filter((a) => a.category !== 'employment');
    renderProfile(customer);
    expect(await screen.findByRole('region', { name: 'Address' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Employment' })).not.toBeInTheDocument();
  });

  it('saves a section and says so', async () => {
    const post = servePost('/client/v1/update', () => onboardedCustomerFixture());
    renderProfile();
    const address = within(await screen.findByRole('region', { name: 'Address' }));
    await userEvent.type(address.getByLabelText(/^Postcode/, { selector: 'input' }), 'SW1A 1AA');
    await userEvent.type(address.getByLabelText(/^Town or city/, { selector: 'input' }), 'London');
    await userEvent.click(address.getByRole('button', { name: 'Save address' }));
    expect(await address.findByText('Address saved.')).toBeInTheDocument();
    expect(post.body).toEqual({ address: { postcode: 'SW1A 1AA', city: 'London' } });
    expect(post.search).toBe('?category=address');
  });

  describe('issue 28: a name change after verification', () => {
    /** A customer whose approved ID matches the profile (`poi_name_check`), or not checked yet. */
    const identified = (poiNameCheck: boolean | null) => {
      const customer = onboardedCustomerFixture();
      const values: Record<string, string> = {
        name: 'Ada',
        second_name: 'Lovelace',
        'birth_detail.birth_date': '1990-05-17',
        nationality_id: unitedKingdom.id,
      };
      customer.attributes = customer.attributes.map((attribute) => ({
        ...attribute,
        value: values[attribute.attribute] ?? attribute.value,
      }));
      return { ...customer, poi_name_check: poiNameCheck };
    };
    const renameTo = async (name: string) => {
      const details = within(await screen.findByRole('region', { name: 'Personal details' }));
      const first = details.getByLabelText(/^First name/, { selector: 'input' });
      await userEvent.clear(first);
      await userEvent.type(first, name);
      await userEvent.click(details.getByRole('button', { name: 'Save personal details' }));
      return details;
    };

    it('says what it means and asks first; nothing is sent until confirmed', async () => {
      const post = servePost('/client/v1/update', () => identified(false));
      renderProfile(identified(true));
      const details = await renameTo('Augusta');

      const dialog = await screen.findByRole('dialog', { name: 'Change your verified details?' });
      expect(dialog).toHaveTextContent(
        'These details will no longer match the ID we checked. Your transfers will wait for a new check',
      );
      expect(post.count).toBe(0);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(post.count).toBe(0);

      await userEvent.click(details.getByRole('button', { name: 'Save personal details' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: 'Save the new details',
        }),
      );
      expect(await details.findByText('Personal details saved.')).toBeInTheDocument();
      expect(post.count).toBe(1);
      expect(post.body).toMatchObject({ name: 'Augusta', second_name: 'Lovelace' });
    });

    it('asks in Spanish too', async () => {
      servePost('/client/v1/update', () => identified(false));
      setLocale('es');
      try {
        await settingsMessages.load();
        renderProfile(identified(true));
        const details = within(await screen.findByRole('region', { name: 'Datos personales' }));
        const first = details.getByLabelText(/^First name/, { selector: 'input' });
        await userEvent.type(first, 'x');
        await userEvent.click(details.getByRole('button', { name: 'Guardar datos personales' }));
        const dialog = await screen.findByRole('dialog', {
          name: '¿Cambiar tus datos verificados?',
        });
        expect(dialog).toHaveTextContent('Tus envíos esperarán a una nueva comprobación');
      } finally {
        setLocale('en');
      }
    });

    it('saves without asking before verification', async () => {
      const post = servePost('/client/v1/update', () => identified(null));
      renderProfile(identified(null));
      const details = await renameTo('Augusta');
      expect(await details.findByText('Personal details saved.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(post.count).toBe(1);
    });

    it('saves without asking when the checked details stay as they are', async () => {
      const post = servePost('/client/v1/update', () => identified(true));
      renderProfile(identified(true));
      const details = await renameTo('Ada');
      expect(await details.findByText('Personal details saved.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(post.count).toBe(1);
    });
  });

  it('links to onboarding when the customer has no country yet', async () => {
    renderProfile(customerFixture());
    expect(await screen.findByRole('link', { name: 'Complete your signup' })).toHaveAttribute(
      'href',
      '/workflow/onboarding',
    );
    expect(screen.queryByRole('region', { name: 'Address' })).not.toBeInTheDocument();
  });
});

describe('SettingsScreen: sections (defect 8)', () => {
  function renderAt(path: string, customer = onboardedCustomerFixture()) {
    servePasswordPolicy();
    serveCountries();
    setCustomer(customer);
    return renderRoutes(
      [
        { path: '/settings', Component: SettingsScreen },
        { path: '/dashboard', element: <h1>Dashboard stub</h1> },
      ],
      path,
    );
  }

  const sectionNav = () => screen.getByRole('navigation', { name: 'Settings sections' });

  it('defect 8: splits settings into sections, one shown at a time, each reachable by URL hash', async () => {
    const { router } = renderAt('/settings');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Profile', '/settings#profile'],
      ['Sign-in and security', '/settings#security'],
      ['Notifications', '/settings#notifications'],
      ['Language and appearance', '/settings#language'],
      ['Devices', '/settings#devices'],
    ]);
    // The profile first; the other sections are out of view (and out of the accessibility tree).
    expect(screen.getByRole('region', { name: 'Profile' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sign-in and security' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute(
      'aria-current',
      'location',
    );

    await userEvent.click(within(nav).getByRole('link', { name: 'Notifications' }));
    expect(router.state.location.hash).toBe('#notifications');
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    expect(notifications).toHaveTextContent('These emails protect your account');
    expect(screen.queryByRole('region', { name: 'Profile' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Notifications' })).toHaveFocus(),
    );
  });

  it('defect 8: opens the section a link names, and a part of it (/settings#address)', async () => {
    renderAt('/settings#address');
    const address = await screen.findByRole('region', { name: 'Address' });
    expect(address).toHaveAttribute('id', 'address');
    expect(screen.getByRole('region', { name: 'Profile' })).toBeVisible();
  });

  it('issue 28: links back to account verification, in English and Spanish', async () => {
    renderAt('/settings');
    const verification = await screen.findByRole('region', { name: 'Account verification' });
    expect(
      within(verification).getByRole('link', { name: 'Go to account verification' }),
    ).toHaveAttribute('href', '/account-verification');
    try {
      await setLocale('es', { remember: false });
      const spanish = await screen.findByRole('region', { name: 'Verificación de la cuenta' });
      expect(
        within(spanish).getByRole('link', { name: 'Ir a la verificación de la cuenta' }),
      ).toHaveAttribute('href', '/account-verification');
    } finally {
      await setLocale('en', { remember: false });
    }
  });

  it('defect 8: shows the account’s email', async () => {
    renderAt('/settings');
    expect(await screen.findByText('Signed in as', { exact: false })).toHaveTextContent(
      'Signed in as ada@example.com',
    );
    const email = screen.getByRole('region', { name: 'Email' });
    expect(email).toHaveTextContent('ada@example.com');
    expect(email).toHaveTextContent('You sign in with this address');
  });

  it('defect 8: asks before leaving with unsaved edits, and stays when asked to', async () => {
    const { router } = renderAt('/settings');
    const address = within(await screen.findByRole('region', { name: 'Address' }));
    const postcode = address.getByLabelText(/^Postcode/, { selector: 'input' });
    await userEvent.type(postcode, 'SW1A 1AA');

    void router.navigate('/dashboard');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Leave without saving?' },
      { timeout: 5000 },
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(postcode).toHaveValue('SW1A 1AA');

    void router.navigate('/dashboard');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
  });

  it('defect 8: lets the customer leave without asking when nothing was changed or all was saved', async () => {
    servePost('/client/v1/update', () => onboardedCustomerFixture());
    const { router } = renderAt('/settings');
    const address = within(await screen.findByRole('region', { name: 'Address' }));
    await userEvent.type(address.getByLabelText(/^Postcode/, { selector: 'input' }), 'SW1A 1AA');
    await userEvent.type(address.getByLabelText(/^Town or city/, { selector: 'input' }), 'London');
    await userEvent.click(address.getByRole('button', { name: 'Save address' }));
    await address.findByText('Address saved.');

    void router.navigate('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('issue 28: leaves without asking after only a language switch, and still asks after a real edit', async () => {
    // A customer whose profile shows words that change with the language: a chosen occupation
    // (the server's label) and a nationality (the country's name).
    const filled = (labels: Record<string, string>, options: Record<string, string>) => {
      const customer = onboardedCustomerFixture();
      customer.attributes = customer.attributes.map((attribute) => ({
        ...attribute,
        label: labels[attribute.attribute] ?? attribute.label,
        value:
          { 'employment.occupation_id': 'ENGINEER', nationality_id: 'GB' }[attribute.attribute] ??
          attribute.value,
        options:
          attribute.options?.map((option) => ({
            ...option,
            label: options[option.value] ?? option.label,
          })) ?? null,
      }));
      return customer;
    };
    // The server answers in the request's language.
    const spanish = filled(
      { 'address.postcode': 'Código postal', 'employment.occupation_id': 'Ocupación' },
      { ACCOUNTANT: 'Contable', ENGINEER: 'Ingeniero', OTHER: 'Otra' },
    );
    servePost('/client/v1/profile/locale', () => ({ ...spanish, locale: 'es' }));
    try {
      const { router } = renderAt('/settings', filled({}, {}));
      // The customer looks into the profile (focus goes into it), then switches the language.
      const employment = within(await screen.findByRole('region', { name: 'Employment' }));
      await userEvent.click(employment.getByLabelText(/^Occupation/, { selector: 'input' }));
      await userEvent.keyboard('{Escape}');
      await userEvent.click(
        within(sectionNav()).getByRole('link', { name: 'Language and appearance' }),
      );
      const language = await screen.findByRole('region', { name: 'Language and appearance' });
      await userEvent.selectOptions(within(language).getByLabelText('Language'), 'es');
      await screen.findByText('Guardado. A partir de ahora, tus correos estarán en español.');
      await waitFor(() =>
        expect(screen.getByLabelText(/^Ocupación/, { selector: 'input' })).toHaveValue('Ingeniero'),
      );

      void router.navigate('/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      // A real edit, in the other language, still asks.
      await router.navigate('/settings');
      const address = within(await screen.findByRole('region', { name: 'Dirección' }));
      await userEvent.type(
        address.getByLabelText(/^Código postal/, { selector: 'input' }),
        'SW1A 1AA',
      );
      void router.navigate('/dashboard');
      expect(
        await screen.findByRole('dialog', { name: '¿Salir sin guardar?' }, { timeout: 5000 }),
      ).toBeInTheDocument();
    } finally {
      await setLocale('en', { remember: false });
      localStorage.clear();
    }
  });

  it('defect 8: saves the language on the customer, so emails follow it', async () => {
    const post = servePost('/client/v1/profile/locale', () => ({
      ...onboardedCustomerFixture(),
      locale: 'es',
    }));
    try {
      renderAt('/settings#language');
      const language = await screen.findByRole('region', { name: 'Language and appearance' });
      await userEvent.selectOptions(within(language).getByLabelText('Language'), 'es');

      expect(
        await screen.findByText('Guardado. A partir de ahora, tus correos estarán en español.'),
      ).toBeInTheDocument();
      expect(post.body).toEqual({ locale: 'es' });
      expect(currentLocale()).toBe('es');
      expect(getCustomer()?.locale).toBe('es');
      expect(screen.getByRole('region', { name: 'Idioma y apariencia' })).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Apariencia' })).toBeInTheDocument();
    } finally {
      await setLocale('en', { remember: false });
      localStorage.clear();
    }
  });

  it('defect 8: says when the language was not saved on the account, with a retry', async () => {
    let fail = true;
    server.use(
      http.post('/client/v1/profile/locale', () =>
        fail
          ? HttpResponse.json({ message: 'Server error' }, { status: 500 })
          : HttpResponse.json({ ...onboardedCustomerFixture(), locale: 'es' }),
      ),
    );
    try {
      renderAt('/settings#language');
      const language = await screen.findByRole('region', { name: 'Language and appearance' });
      await userEvent.selectOptions(within(language).getByLabelText('Language'), 'es');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveAccessibleName('Idioma sin guardar');
      fail = false;
      await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
      expect(
        await screen.findByText('Guardado. A partir de ahora, tus correos estarán en español.'),
      ).toBeInTheDocument();
    } finally {
      await setLocale('en', { remember: false });
      localStorage.clear();
    }
  });

  it('defect 8: lists the devices in their own section, with sign-out of all the others', async () => {
    server.use(
      http.get('/client/v1/devices', () =>
        HttpResponse.json(
          deviceListFixture([
            deviceFixture({ id: '11111111-1111-4111-8111-111111111111', name: 'Safari on iPhone' }),
            deviceFixture({ is_current: true, name: 'Chrome on macOS' }),
          ]),
        ),
      ),
    );
    renderAt('/settings');
    // Not fetched until the section is opened.
    await userEvent.click(within(sectionNav()).getByRole('link', { name: 'Devices' }));
    const devices = await screen.findByRole('region', { name: 'Devices' });
    const list = await within(devices).findByRole('list', { name: 'Signed-in devices' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Chrome on macOS', 'Safari on iPhone']);
    expect(
      within(devices).getByRole('button', { name: 'Sign out of all other devices' }),
    ).toBeInTheDocument();
  });
});
