import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routeTable } from '@/config/routes';
import { getCustomer } from '@/features/customers';
import {
  customerFixture,
  customerOwingMfaFixture,
  deviceFixture,
  deviceListFixture,
  onboardedCustomerFixture,
} from '@/test/fixtures';
import { serveCountries, serveMoneyScreens, servePasswordPolicy } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { appRoutes } from './router';

function serveSignedInCustomer(customer = customerFixture()) {
  server.use(http.get('/client/v1/profile', () => HttpResponse.json(customer)));
}

/** What the screens themselves load: password policy, countries, tasks and devices. */
function serveScreenData() {
  servePasswordPolicy();
  serveCountries();
  server.use(
    http.get('/client/v1/tasks', () => HttpResponse.json([])),
    http.get('/client/v1/devices', () =>
      HttpResponse.json(deviceListFixture([deviceFixture({ is_current: true })])),
    ),
  );
}

function serveNobodySignedIn() {
  server.use(
    http.get('/client/v1/profile', () =>
      HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
    ),
  );
}

/** A concrete URL for a route pattern, e.g. /recipient/:id → /recipient/example-id. */
function examplePath(pattern: string): string {
  return pattern.replace(/:(\w+)/g, 'example-$1');
}

describe('app router', () => {
  beforeEach(serveMoneyScreens);

  it('shows the not-found page for an unknown path', async () => {
    renderRoutes(appRoutes, '/no/such/page');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(document.title).toBe('Page not found'));
  });

  it.each(routeTable.map((route) => [route.path, route] as const))(
    'renders %s lazily with its title as document title and as the one h1 in the one main',
    async (_path, route) => {
      // The MFA screen only stays for a customer who still owes the second factor.
      serveSignedInCustomer(
        route.name === 'multiFactorAuth' ? customerOwingMfaFixture() : customerFixture(),
      );
      serveScreenData();
      renderRoutes(appRoutes, examplePath(route.path));

      await screen.findByRole('heading', { level: 1, name: route.title });
      await waitFor(() => expect(document.title).toBe(route.title));
      expect(screen.getAllByRole('main')).toHaveLength(1);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    },
  );

  it('public screens need no signed-in customer', async () => {
    // No profile handler: any profile request would fail the test (onUnhandledRequest: error).
    servePasswordPolicy();
    serveCountries();
    renderRoutes(appRoutes, '/sign-up');
    await screen.findByRole('heading', { level: 1, name: 'Register your account' });
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('loads the customer before a signed-in screen and shows the signed-in frame', async () => {
    serveSignedInCustomer();
    renderRoutes(appRoutes, '/transfer/quote-1');

    await screen.findByRole('heading', { level: 1, name: 'Send Money' });
    expect(getCustomer()?.account.email).toBe('ada@example.com');
    expect(screen.getByRole('banner')).toHaveTextContent('Corridor');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Send', '/dashboard'],
      ['Transactions', '/transactions'],
      ['Recipients', '/recipients'],
      ['Account', '/settings'],
    ]);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('marks the current section in the navigation', async () => {
    serveSignedInCustomer();
    renderRoutes(appRoutes, '/transaction/t-1');

    await screen.findByRole('heading', { level: 1, name: 'Transaction' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Transactions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Send' })).not.toHaveAttribute('aria-current');
  });

  it('sends a customer who still owes the second factor to MFA with a redirect back', async () => {
    serveSignedInCustomer(customerOwingMfaFixture());
    const { router } = renderRoutes(appRoutes, '/transactions?page=2');

    await screen.findByRole('heading', { level: 1, name: 'More authentication required' });
    expect(router.state.location.pathname).toBe('/mfa');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/transactions?page=2',
    );
    expect(await screen.findByRole('group', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('after the MFA code, goes on to the page that was asked for', async () => {
    serveSignedInCustomer(customerOwingMfaFixture());
    // Onboarded: one who still owes a step goes there first (issue 14, defect 4).
    server.use(http.post('/client/v1/mfa', () => HttpResponse.json(onboardedCustomerFixture())));
    const { router } = renderRoutes(appRoutes, '/transactions?page=2');
    const code = await screen.findByRole('group', { name: 'Verification code' });
    await waitFor(() => expect(within(code).getAllByRole('textbox')[0]).toHaveFocus());
    await userEvent.paste('123456');

    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    expect(router.state.location.pathname).toBe('/transactions');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('sends a signed-out visitor of a signed-in screen to sign-in with a redirect back', async () => {
    serveNobodySignedIn();
    const { router } = renderRoutes(appRoutes, '/transactions?page=2');

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/transactions?page=2',
    );
    await waitFor(() => expect(document.title).toBe('Sign in'));
  });

  it('asks for the dashboard tasks beside the profile, not after it', async () => {
    serveScreenData();
    // The profile answers only once the tasks were asked for: waiting for the profile first
    // would never show the dashboard.
    let tasksAsked: () => void = () => undefined;
    const tasksRequested = new Promise<void>((resolve) => (tasksAsked = resolve));
    server.use(
      http.get('/client/v1/tasks', () => {
        tasksAsked();
        return HttpResponse.json([]);
      }),
      http.get('/client/v1/profile', async () => {
        await tasksRequested;
        return HttpResponse.json(customerFixture());
      }),
    );
    renderRoutes(appRoutes, '/dashboard');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it('a signed-out visitor of the dashboard goes to sign-in once, tasks refused or not', async () => {
    serveNobodySignedIn();
    server.use(
      http.get('/client/v1/tasks', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { router } = renderRoutes(appRoutes, '/dashboard');

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/dashboard');
  });

  it('shows an error with a retry when the customer cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/client/v1/profile', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderRoutes(appRoutes, '/dashboard');

    await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });

  it('signs out: logs out on the server, forgets the customer and goes to sign-in', async () => {
    serveSignedInCustomer();
    serveScreenData();
    const logout = vi.fn();
    server.use(
      http.post('/client/v1/logout', () => {
        logout();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderRoutes(appRoutes, '/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(getCustomer()).toBeUndefined();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
  });

  it('signs out even when the server logout fails', async () => {
    serveSignedInCustomer();
    serveScreenData();
    server.use(
      http.post('/client/v1/logout', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { router } = renderRoutes(appRoutes, '/devices');
    await screen.findByRole('heading', { level: 1, name: 'Devices' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(getCustomer()).toBeUndefined();
    expect(router.state.location.search).toBe('');
  });
});
