import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { customerFixture, customerOwingMfaFixture } from '@/test/fixtures';
import { serveProfile } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { MultiFactorAuthScreen } from './multi-factor-auth-screen';

function renderMfa(url = '/mfa') {
  return renderPublicRoutes(
    [
      { path: '/', element: <h1>Sign in</h1> },
      { path: '/mfa', Component: MultiFactorAuthScreen },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      { path: '/transactions', element: <h1>Transactions</h1> },
    ],
    url,
  );
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
        return HttpResponse.json(customerFixture());
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
    server.use(http.post('/client/v1/mfa', () => HttpResponse.json(customerFixture())));
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
          : HttpResponse.json(customerFixture());
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
    serveProfile(customerFixture());
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
});
