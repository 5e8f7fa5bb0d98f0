import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { queryClient } from '@/lib/query-client';
import { customerFixture, onboardedCustomerFixture } from '@/test/fixtures';
import { serveCountries, servePasswordPolicy, servePost, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes, visibilityToggle } from '@/test/render';
import { SettingsScreen } from './settings-screen';

function renderSettings() {
  servePasswordPolicy();
  setCustomer(customerFixture());
  return renderRoutes(
    [
      { path: '/', element: <h1>Sign in stub</h1> },
      { path: '/settings', Component: SettingsScreen },
    ],
    '/settings',
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

  it('links to onboarding when the customer has no country yet', async () => {
    renderProfile(customerFixture());
    expect(await screen.findByRole('link', { name: 'Complete your signup' })).toHaveAttribute(
      'href',
      '/workflow/onboarding',
    );
    expect(screen.queryByRole('region', { name: 'Address' })).not.toBeInTheDocument();
  });
});
