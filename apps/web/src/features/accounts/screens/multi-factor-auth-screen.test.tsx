import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { commonMessages } from '@/i18n';
import {
  customerFixture,
  customerOwingMfaFixture,
  onboardedCustomerFixture,
} from '@/test/fixtures';
import { serveProfile } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { accountsMessages } from '../messages';
import { MultiFactorAuthScreen } from './multi-factor-auth-screen';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

function renderMfa(url = '/mfa') {
  return renderPublicRoutes(
    [
      { path: '/', element: <h1>Sign in</h1> },
      { path: '/mfa', Component: MultiFactorAuthScreen },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/transactions', element: <h1>Transactions</h1> },
      { path: '/workflow/onboarding', element: <h1>Onboarding</h1> },
    ],
    url,
  );
}

/** An onboarded customer who still owes the MFA code. */
function onboardedOwingMfa() {
  const customer = onboardedCustomerFixture();
  return { ...customer, session: { ...customer.session, is_mfa_completed: false } };
}

function digits() {
  return within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('MultiFactorAuthScreen', () => {
  it('says where the code went, with the email masked, and offers six labelled digit boxes', async () => {
    serveProfile(customerOwingMfaFixture());
    renderMfa();
    expect(
      await screen.findByText((_, node) =>
        node?.tagName === 'P'
          ? /We sent a 6-digit code to ad\*\*\*@example\.com/.test(node.textContent ?? '')
          : false,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/ada@example\.com/)).not.toBeInTheDocument();
    const boxes = digits();
    expect(boxes).toHaveLength(6);
    expect(boxes[0]).toHaveAccessibleName('Verification code, digit 1 of 6');
    expect(boxes[0]).toHaveAttribute('autocomplete', 'one-time-code');
    expect(boxes[0]).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'More authentication required',
    );
  });

  it('submits by itself once six digits are in, stores the customer and goes to the redirect', async () => {
    serveProfile(customerOwingMfaFixture());
    const bodies: unknown[] = [];
    server.use(
      http.post('/client/v1/mfa', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(onboardedCustomerFixture());
      }),
    );
    const { router } = renderMfa('/mfa?redirect=%2Ftransactions');
    await waitFor(() => expect(digits()[0]).toHaveFocus());

    await userEvent.keyboard('12345');
    expect(bodies).toEqual([]);
    await userEvent.keyboard('6');

    await screen.findByRole('heading', { level: 1, name: 'Transactions' });
    expect(bodies).toEqual([{ otp: '123456' }]);
    expect(getCustomer()?.session.is_mfa_completed).toBe(true);
    expect(router.state.location.pathname).toBe('/transactions');
  });

  it('goes to the dashboard after a pasted code when there is no redirect', async () => {
    serveProfile(customerOwingMfaFixture());
    server.use(http.post('/client/v1/mfa', () => HttpResponse.json(onboardedCustomerFixture())));
    renderMfa();
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('654321');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  });

  it('shows the error for a wrong code, empties the boxes and accepts another try', async () => {
    serveProfile(customerOwingMfaFixture());
    let tries = 0;
    server.use(
      http.post('/client/v1/mfa', () => {
        tries += 1;
        return tries === 1
          ? HttpResponse.json(
              { message: 'The code is incorrect.', errors: { otp: ['The code is incorrect.'] } },
              { status: 422 },
            )
          : HttpResponse.json(onboardedCustomerFixture());
      }),
    );
    renderMfa();
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('111111');

    expect(await screen.findByRole('alert')).toHaveTextContent('The code is incorrect.');
    for (const box of digits()) expect(box).toHaveValue('');
    expect(digits()[0]).toHaveAttribute('aria-invalid', 'true');

    // The cursor is back in the first box, ready for the next try.
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('222222');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(tries).toBe(2);
  });

  it('asks for all six digits when Verify is pressed early', async () => {
    serveProfile(customerOwingMfaFixture());
    renderMfa();
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.keyboard('12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the email.');
  });

  it('locks Resend for 30 seconds, then sends a new code and locks it again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveProfile(customerOwingMfaFixture());
    const resent = vi.fn();
    server.use(
      http.post('/client/v1/resend-mfa-otp', () => {
        resent();
        return HttpResponse.json({ message: 'We sent you a new code.' });
      }),
    );
    renderMfa();

    const locked = await screen.findByRole('button', { name: 'Resend code in 30 s' });
    expect(locked).toBeDisabled();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Resend code in 20 s' })).toBeDisabled();
    act(() => vi.advanceTimersByTime(20_000));
    const ready = screen.getByRole('button', { name: 'Resend code' });
    expect(ready).toBeEnabled();

    await userEvent.click(ready);
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(resent).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
  });

  it('follows the server when it says to wait (429 Retry-After)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveProfile(customerOwingMfaFixture());
    server.use(
      http.post('/client/v1/resend-mfa-otp', () =>
        HttpResponse.json(
          { message: 'Please wait before asking for another code.' },
          { status: 429, headers: { 'Retry-After': '12' } },
        ),
      ),
    );
    renderMfa();
    await screen.findByRole('button', { name: 'Resend code in 30 s' });
    act(() => vi.advanceTimersByTime(30_000));
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please wait before asking for another code. Try again in 12 seconds.',
    );
    expect(screen.getByRole('button', { name: 'Resend code in 12 s' })).toBeDisabled();
  });

  it('sends a customer who owes no second factor on to the dashboard', async () => {
    serveProfile(onboardedCustomerFixture());
    const { router } = renderMfa();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('trusts the server over a stale stored customer', async () => {
    // Stored: done. Server: still owed (for example a new sign-in in another tab).
    setCustomer(customerFixture());
    serveProfile(customerOwingMfaFixture());
    renderMfa('/mfa?redirect=%2Ftransactions');
    expect(await screen.findByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transactions' })).not.toBeInTheDocument();
  });

  it('offers sign-in when nobody is signed in', async () => {
    server.use(
      http.get('/client/v1/profile', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    const { router } = renderMfa('/mfa?redirect=%2Ftransactions');
    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/?redirect=%2Ftransactions');
    expect(router.state.location.pathname).toBe('/mfa');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'More authentication required',
    );
  });

  it('defect 4: after the second factor, an unfinished onboarding lands on the step owed', async () => {
    serveProfile(customerOwingMfaFixture());
    // Verified email, second factor done, but no country yet (and the rest to come).
    server.use(http.post('/client/v1/mfa', () => HttpResponse.json(customerFixture())));
    const { router } = renderMfa('/mfa?redirect=%2Ftransactions');
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('123456');
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
    // Where they were going waits until onboarding is done.
    expect(router.state.location.search).toBe('?redirect=%2Ftransactions');
  });

  it('defect 4: also when the session had already passed it', async () => {
    serveProfile(customerFixture());
    const { router } = renderMfa();
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
  });

  it('defect 20: offers a way back to sign in, to use another account', async () => {
    serveProfile(onboardedOwingMfa());
    renderMfa('/mfa?redirect=%2Ftransactions');
    expect(
      await screen.findByRole('link', { name: 'Back to sign in or use another account' }),
    ).toHaveAttribute('href', '/');
  });

  it('defect 20: a new code clears the error about the old one', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveProfile(onboardedOwingMfa());
    server.use(
      http.post('/client/v1/mfa', () =>
        HttpResponse.json(
          { message: 'The code has expired.', errors: { otp: ['The code has expired.'] } },
          { status: 422 },
        ),
      ),
      http.post('/client/v1/resend-mfa-otp', () =>
        HttpResponse.json({ message: 'We sent you a new code.' }),
      ),
    );
    renderMfa();
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('111111');
    expect(await screen.findByRole('alert')).toHaveTextContent('The code has expired.');

    act(() => vi.advanceTimersByTime(30_000));
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('We sent you a new code.')).toBeInTheDocument();
    expect(screen.queryByText('The code has expired.')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(digits()[0]).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('defect 20: too many tries lock the boxes behind a timer that ticks, then open them', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    serveProfile(onboardedOwingMfa());
    let tries = 0;
    server.use(
      http.post('/client/v1/mfa', () => {
        tries += 1;
        return tries === 1
          ? HttpResponse.json(
              { message: 'Too many attempts. Please try again in 45 seconds.' },
              { status: 429, headers: { 'Retry-After': '45' } },
            )
          : HttpResponse.json(onboardedCustomerFixture());
      }),
    );
    renderMfa();
    await waitFor(() => expect(digits()[0]).toHaveFocus());
    await userEvent.paste('111111');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries.');
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent('You can enter a code again in 45 seconds.');
    for (const box of digits()) expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();

    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('You can enter a code again in 44 seconds.');
    act(() => vi.advanceTimersByTime(44_000));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    for (const box of digits()) expect(box).toBeEnabled();
    await waitFor(() => expect(digits()[0]).toHaveFocus());

    await userEvent.paste('222222');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(tries).toBe(2);
  });
});
