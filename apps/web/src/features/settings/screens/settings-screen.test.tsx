import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { customerFixture } from '../../../test/fixtures';
import { servePasswordPolicy, validationError } from '../../../test/handlers';
import { server } from '../../../test/msw-server';
import { renderRoutes, visibilityToggle } from '../../../test/render';
import { getCustomer, setCustomer } from '../../customer/customer-store';
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
