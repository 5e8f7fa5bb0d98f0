import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { commonMessages } from '@/i18n';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { SignOutButton } from './sign-out-button';

beforeAll(() => commonMessages.load());

function renderShell() {
  setCustomer(onboardedCustomerFixture());
  return renderRoutes(
    [
      { path: '/dashboard', element: <SignOutButton /> },
      { path: '/', element: <h1>Sign in</h1> },
    ],
    '/dashboard',
  );
}

describe('SignOutButton', () => {
  it('ends the session, forgets the customer and goes to sign-in', async () => {
    let calls = 0;
    server.use(
      http.post('/client/v1/logout', () => {
        calls += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
    expect(getCustomer()).toBeUndefined();
    expect(calls).toBe(1);
  });

  it('takes a session that had already ended (401) as signed out', async () => {
    server.use(
      http.post('/client/v1/logout', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { router } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('defect 12: says a sign-out the server never received failed, stays signed in, and retries', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/client/v1/logout', () => HttpResponse.error()));
    const { router } = renderShell();
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sign-out failed: you are still signed in. Check your connection and try again.',
    );
    // It does not pretend: still here, still signed in.
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(getCustomer()).toBeDefined();
    expect(log).toHaveBeenCalledWith('Sign-out failed.', expect.anything());

    // The server is back.
    server.use(http.post('/client/v1/logout', () => new HttpResponse(null, { status: 204 })));
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await waitFor(() => expect(getCustomer()).toBeUndefined());
    log.mockRestore();
  });
});
