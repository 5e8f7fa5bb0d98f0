import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveCsrfCookie, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { ForgotPasswordScreen } from './forgot-password-screen';

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
});
