import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commonMessages } from '@/i18n';
import { serveCsrfCookie, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { accountsMessages } from '../messages';
import { ForgotPasswordScreen } from './forgot-password-screen';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

const sameForEveryone =
  'If an account exists for that email, we have sent a link to reset the password.';

function renderForgot() {
  serveCsrfCookie();
  return renderPublicRoutes(
    [{ path: '/forgot-password', Component: ForgotPasswordScreen }],
    '/forgot-password',
  );
}

describe('ForgotPasswordScreen', () => {
  it("sends the email and shows the server's message", async () => {
    let body: unknown;
    server.use(
      http.post('/client/v1/forgot-password', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: sameForEveryone });
      }),
    );
    renderForgot();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot password' }),
    ).toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('type', 'email');
    await userEvent.type(email, 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('status')).toHaveTextContent(sameForEveryone);
    expect(body).toEqual({ email: 'someone@example.com' });
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/');
  });

  it('shows a 422 under the email field', async () => {
    server.use(
      http.post('/client/v1/forgot-password', () =>
        validationError({ email: ['The email must be a valid email address.'] }),
      ),
    );
    renderForgot();
    await userEvent.type(await screen.findByRole('textbox', { name: /Email/ }), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('aria-invalid', 'true');
  });

  it('names an empty email under the field and sends nothing', async () => {
    const sent = vi.fn();
    server.use(http.post('/client/v1/forgot-password', () => sent()));
    renderForgot();
    await userEvent.click(await screen.findByRole('button', { name: 'Send reset link' }));
    const email = screen.getByRole('textbox', { name: /Email/ });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your email.');
    expect(sent).not.toHaveBeenCalled();
  });
});
