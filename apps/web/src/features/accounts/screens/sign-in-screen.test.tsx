import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomer } from '@/features/customers';
import { commonMessages } from '@/i18n';
import { SLOW_WAIT_MS } from '@/lib/slow-wait';
import {
  customerFixture,
  customerOwingMfaFixture,
  onboardedCustomerFixture,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import { serveCsrfCookie, serveProfile } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { accountsMessages } from '../messages';
import { SignInScreen } from './sign-in-screen';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

function renderSignIn(url: string) {
  return renderPublicRoutes(
    [
      { path: '/', Component: SignInScreen },
      { path: '/mfa', element: <h1>MFA</h1> },
      { path: '/workflow/onboarding', element: <h1>Onboarding</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/transactions', element: <h1>Transactions</h1> },
    ],
    url,
  );
}

const emailInput = () => screen.getByRole('textbox', { name: /Email/ });
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });

async function signIn(email = 'ada@example.com', password = 'Correct horse 9') {
  await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await userEvent.type(screen.getByLabelText(/^Password/, { selector: 'input' }), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('SignInScreen', () => {
  it('shows its title as the h1 and no notice by default', async () => {
    renderSignIn('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('confirms a changed password (referer=change-password)', async () => {
    renderSignIn('/?referer=change-password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been successfully changed. Please log in using your new password.',
    );
  });

  it('confirms a reset password (referer=reset-password)', async () => {
    renderSignIn('/?referer=reset-password');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been successfully reset. Please log in using your new password.',
    );
  });

  it('ignores an unknown referer', async () => {
    renderSignIn('/?referer=toString');
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the redirect in the URL and carries a safe one over to sign-up', async () => {
    const { router } = renderSignIn('/?redirect=%2Ftransactions%3Fpage%3D2');
    const signUp = await screen.findByRole('link', { name: 'Sign up instead' });
    expect(signUp).toHaveAttribute('href', '/sign-up?redirect=%2Ftransactions%3Fpage%3D2');
    expect(router.state.location.search).toBe('?redirect=%2Ftransactions%3Fpage%3D2');
  });

  it('does not carry an unsafe redirect over', async () => {
    renderSignIn('/?redirect=%2F%2Fevil.example');
    const signUp = await screen.findByRole('link', { name: 'Sign up instead' });
    expect(signUp).toHaveAttribute('href', '/sign-up');
  });

  it('links to password recovery', async () => {
    renderSignIn('/');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('has an email field, a password with a focusable toggle, Remember me and Continue', async () => {
    renderSignIn('/');
    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });

  it("shows the server's message in a 'Login failed' box", async () => {
    serveCsrfCookie();
    const message = 'These credentials do not match our records.';
    server.use(
      http.post('/client/v1/login', () =>
        HttpResponse.json({ message, errors: { email: [message] } }, { status: 422 }),
      ),
    );
    const { router } = renderSignIn('/');
    await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveAccessibleName('Login failed');
    expect(alert).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/');
    expect(getCustomer()).toBeUndefined();
  });

  it('says how long to wait after too many attempts (429 with Retry-After)', async () => {
    serveCsrfCookie();
    server.use(
      http.post('/client/v1/login', () =>
        HttpResponse.json(
          { message: 'Too many login attempts.' },
          { status: 429, headers: { 'Retry-After': '42' } },
        ),
      ),
    );
    renderSignIn('/');
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many login attempts. Try again in 42 seconds.',
    );
  });

  it('sends email, password and remember, after fetching the CSRF cookie', async () => {
    const order: string[] = [];
    let body: unknown;
    server.use(
      http.get('/sanctum/csrf-cookie', () => {
        order.push('csrf');
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/client/v1/login', async ({ request }) => {
        order.push('login');
        body = await request.json();
        return HttpResponse.json(unverifiedCustomerFixture());
      }),
    );
    renderSignIn('/');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Remember me' }));
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(order).toEqual(['csrf', 'login']);
    expect(body).toEqual({ email: 'ada@example.com', password: 'Correct horse 9', remember: true });
  });

  it('goes to MFA, keeping the redirect, when the email is verified and the session has an MFA method', async () => {
    serveCsrfCookie();
    server.use(http.post('/client/v1/login', () => HttpResponse.json(customerOwingMfaFixture())));
    const { router } = renderSignIn('/?redirect=%2Ftransactions%3Fpage%3D2');
    await signIn();

    await screen.findByRole('heading', { level: 1, name: 'MFA' });
    expect(router.state.location.pathname).toBe('/mfa');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      '/transactions?page=2',
    );
    expect(getCustomer()?.session.is_mfa_completed).toBe(false);
  });

  it('goes to MFA whenever the session has a method, even if already completed (docs/product/web-app.md#states-and-transitions)', async () => {
    serveCsrfCookie();
    server.use(http.post('/client/v1/login', () => HttpResponse.json(customerFixture())));
    const { router } = renderSignIn('/');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'MFA' });
    expect(router.state.location.search).toBe('');
  });

  it('goes to onboarding when the email is not verified', async () => {
    serveCsrfCookie();
    server.use(http.post('/client/v1/login', () => HttpResponse.json(unverifiedCustomerFixture())));
    const { router } = renderSignIn('/');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
    expect(getCustomer()?.account.is_email_verified).toBe(false);
  });

  it('goes to onboarding when the session has no MFA method', async () => {
    serveCsrfCookie();
    const customer = customerFixture();
    server.use(
      http.post('/client/v1/login', () =>
        HttpResponse.json({ ...customer, session: { ...customer.session, mfa_method: null } }),
      ),
    );
    renderSignIn('/');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
  });

  it('drops an unsafe redirect on the way to MFA', async () => {
    serveCsrfCookie();
    server.use(http.post('/client/v1/login', () => HttpResponse.json(customerOwingMfaFixture())));
    const { router } = renderSignIn('/?redirect=https%3A%2F%2Fevil.example');
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'MFA' });
    expect(router.state.location.search).toBe('');
  });

  it('defect 5: an empty submit marks each empty field with its message under it, no banner', async () => {
    const posted = vi.fn();
    server.use(
      http.post('/client/v1/login', () => {
        posted();
        return HttpResponse.json(customerFixture());
      }),
    );
    renderSignIn('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));

    expect(emailInput()).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput()).toHaveAccessibleDescription('Enter your email.');
    expect(passwordInput()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription('Enter your password.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();

    // Only the field still empty keeps its message.
    await userEvent.type(emailInput(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(emailInput()).not.toHaveAttribute('aria-invalid', 'true');
    expect(passwordInput()).toHaveAccessibleDescription('Enter your password.');
    expect(posted).not.toHaveBeenCalled();
  });

  it('defect 21: says the customer was signed out from another device', async () => {
    renderSignIn('/?redirect=%2Fsettings&referer=signed-out-elsewhere');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You were signed out from another device.',
    );
    expect(screen.getByRole('link', { name: 'Sign up instead' })).toHaveAttribute(
      'href',
      '/sign-up?redirect=%2Fsettings',
    );
  });

  describe('defect 6: a customer already signed in is sent where they belong', () => {
    // A browser that has talked to Corridor holds its XSRF cookie; a first visit does not.
    const holdXsrfCookie = () => {
      document.cookie = 'XSRF-TOKEN=token; path=/';
    };
    afterEach(() => {
      document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    });

    it('to the dashboard when onboarding is done', async () => {
      holdXsrfCookie();
      serveProfile(onboardedCustomerFixture());
      const { router } = renderSignIn('/');
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
      expect(router.state.location.pathname).toBe('/dashboard');
    });

    it('to the redirect it was given', async () => {
      holdXsrfCookie();
      serveProfile(onboardedCustomerFixture());
      renderSignIn('/?redirect=%2Ftransactions');
      await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    });

    it('to the onboarding step owed, keeping the redirect', async () => {
      holdXsrfCookie();
      serveProfile(customerFixture());
      const { router } = renderSignIn('/?redirect=%2Ftransactions');
      await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
      expect(router.state.location.search).toBe('?redirect=%2Ftransactions');
    });

    it('but not while the session owes its second factor, nor when nobody is signed in', async () => {
      holdXsrfCookie();
      let asked = 0;
      server.use(
        http.get('/client/v1/profile', () => {
          asked += 1;
          return asked === 1
            ? HttpResponse.json(customerOwingMfaFixture())
            : HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
        }),
      );
      const first = renderSignIn('/');
      await waitFor(() => expect(asked).toBe(1));
      await waitFor(() => expect(getCustomer()).toBeDefined());
      expect(first.router.state.location.pathname).toBe('/');
      first.unmount();

      const second = renderSignIn('/');
      await waitFor(() => expect(asked).toBe(2));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      expect(second.router.state.location.pathname).toBe('/');
    });

    it('asks nothing on a first visit (no cookie yet)', async () => {
      const requests: string[] = [];
      const record = ({ request }: { request: Request }) => requests.push(request.url);
      server.events.on('request:start', record);
      renderSignIn('/');
      await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'a');
      server.events.removeListener('request:start', record);
      expect(requests).toEqual([]);
    });
  });

  describe('defect 15: a sign-in that never answers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says after a few seconds that it is taking longer than usual, with Retry and Cancel', async () => {
      serveCsrfCookie();
      let attempts = 0;
      server.use(
        http.post('/client/v1/login', async () => {
          attempts += 1;
          await delay('infinite');
          return HttpResponse.json(customerFixture());
        }),
      );
      renderSignIn('/');
      await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'a@b.co');
      await userEvent.type(passwordInput(), 'Correct horse 9');
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      await vi.waitFor(() => expect(attempts).toBe(1));
      expect(screen.queryByText('This is taking longer than usual.')).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      expect(screen.getByText('This is taking longer than usual.')).toBeInTheDocument();

      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      await vi.waitFor(() => expect(attempts).toBe(2));
      expect(screen.queryByText('This is taking longer than usual.')).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByText('This is taking longer than usual.')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });
});
