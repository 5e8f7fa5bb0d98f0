import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { commonMessages } from '@/i18n';
import { serveCsrfCookie, servePasswordPolicy, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes } from '@/test/render';
import { accountsMessages } from '../messages';
import { SignInScreen } from './sign-in-screen';
import { ResetPasswordScreen } from './reset-password-screen';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

/** Answers the link check, remembering the tokens asked about. */
function serveLinkCheck(
  answer: () => Response = () => HttpResponse.json({ email: 'ad***@example.com' }),
) {
  const asked: unknown[] = [];
  server.use(
    http.post('/client/v1/reset-password/check', async ({ request }) => {
      asked.push(await request.json());
      return answer();
    }),
    // The new password is fine by the server's common-password check.
    http.post('/client/v1/password/check', () => HttpResponse.json({ commonly_used: false })),
  );
  return asked;
}

function renderReset(encodedToken: string, linkCheck = serveLinkCheck) {
  servePasswordPolicy();
  serveCsrfCookie();
  linkCheck();
  return renderPublicRoutes(
    [
      { path: '/', Component: SignInScreen },
      { path: '/forgot-password', element: <h1>Forgot password</h1> },
      { path: '/reset-password/:token', Component: ResetPasswordScreen },
    ],
    `/reset-password/${encodedToken}`,
  );
}

/** Serves the reset, remembering what was posted. */
function serveReset(answer: () => Response = () => HttpResponse.json({ message: 'Done.' })) {
  const posted: unknown[] = [];
  server.use(
    http.post('/client/v1/reset-password', async ({ request }) => {
      posted.push(await request.json());
      return answer();
    }),
  );
  return posted;
}

async function submitNewPassword(password = 'Correct horse 9') {
  await userEvent.type(
    await screen.findByLabelText(/^New password/, { selector: 'input' }),
    password,
  );
  await userEvent.type(
    screen.getByLabelText(/^Confirm new password/, { selector: 'input' }),
    password,
  );
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('ResetPasswordScreen', () => {
  it('posts the base64-decoded token and goes to sign-in with the reset notice', async () => {
    const posted = serveReset();
    const { router } = renderReset(btoa('secret-token'));
    expect(await screen.findByRole('list', { name: 'Password requirements' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    await submitNewPassword();

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password has been successfully reset. Please log in using your new password.',
    );
    expect(posted).toEqual([
      { token: 'secret-token', password: 'Correct horse 9', confirm_password: 'Correct horse 9' },
    ]);
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?referer=reset-password');
  });

  it('decodes a base64url token without padding', async () => {
    const posted = serveReset();
    // "??>???" is "Pz8+Pz8/" in base64 and "Pz8-Pz8_" in base64url.
    renderReset('Pz8-Pz8_');
    await submitNewPassword();
    await screen.findByRole('status');
    expect(posted).toMatchObject([{ token: '??>???' }]);
  });

  it('shows "invalid or expired" with a link to a new one for a token that is not base64', async () => {
    const posted = serveReset();
    renderReset('not*base64');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/, { selector: 'input' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset password' })).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("shows the server's token error the same way", async () => {
    serveReset(() => validationError({ token: ['This password reset link has expired.'] }));
    renderReset(btoa('old-token'));
    await submitNewPassword();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link has expired.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
  });

  it('shows password errors under their fields', async () => {
    serveReset(() =>
      validationError({
        password: ['The password needs at least one number.'],
        confirm_password: ['The passwords do not match.'],
      }),
    );
    renderReset(btoa('token'));
    await submitNewPassword('weak');
    const password = screen.getByLabelText(/^New password/, { selector: 'input' });
    expect(await screen.findByText('The password needs at least one number.')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('The password needs at least one number.');
    expect(
      screen.getByLabelText(/^Confirm new password/, { selector: 'input' }),
    ).toHaveAccessibleDescription('The passwords do not match.');
  });

  it('defect 22: checks the link first and names the account it resets, masked', async () => {
    let asked: unknown[] = [];
    renderReset(btoa('secret-token'), () => (asked = serveLinkCheck()));
    expect(
      await screen.findByText((_, node) =>
        node?.tagName === 'P'
          ? node.textContent === 'Choose a new password for ad***@example.com.'
          : false,
      ),
    ).toBeInTheDocument();
    expect(asked).toEqual([{ token: 'secret-token' }]);
    expect(screen.getByLabelText(/^New password/, { selector: 'input' })).toBeInTheDocument();
  });

  it('defect 22: a used or expired link says so without the form', async () => {
    const posted = serveReset();
    renderReset(btoa('used-token'), () =>
      serveLinkCheck(() =>
        validationError({ token: ['This password reset link has expired or was already used.'] }),
      ),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password reset link has expired or was already used.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/, { selector: 'input' })).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says when the link could not be checked, and checks again on Retry', async () => {
    let calls = 0;
    renderReset(btoa('token'), () =>
      serveLinkCheck(() => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ message: 'Server error' }, { status: 500 })
          : HttpResponse.json({ email: 'ad***@example.com' });
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not check your link');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByLabelText(/^New password/, { selector: 'input' }),
    ).toBeInTheDocument();
  });

  it('asks nothing about a link that is not base64', async () => {
    let asked: unknown[] = [];
    renderReset('not*base64', () => (asked = serveLinkCheck()));
    await screen.findByRole('alert');
    expect(asked).toEqual([]);
  });
});
