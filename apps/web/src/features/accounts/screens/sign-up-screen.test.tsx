import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { getCustomer } from '@/features/customers';
import { customerFixture, unverifiedCustomerFixture } from '@/test/fixtures';
import { serveCsrfCookie, servePasswordPolicy, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes, visibilityToggle } from '@/test/render';
import { SignUpScreen, TERMS_LABEL } from './sign-up-screen';

function renderSignUp(url = '/sign-up') {
  servePasswordPolicy();
  serveCsrfCookie();
  return renderPublicRoutes(
    [
      { path: '/sign-up', Component: SignUpScreen },
      { path: '/workflow/onboarding', element: <h1>Onboarding</h1> },
    ],
    url,
  );
}

async function fillForm(email = 'ada@example.com', password = 'Correct horse 9') {
  await userEvent.type(screen.getByLabelText('Email', { exact: false }), email);
  await userEvent.type(passwordInput(), password);
  await userEvent.type(confirmInput(), password);
}

const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmInput = () => screen.getByLabelText(/^Confirm password/, { selector: 'input' });
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

describe('SignUpScreen', () => {
  it('has the fields of SPEC §2: email of type email and two passwords with their own toggles', async () => {
    renderSignUp();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Register your account' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAttribute('type', 'email');
    const password = passwordInput();
    const confirm = confirmInput();
    expect(password).toHaveAttribute('type', 'password');
    expect(confirm).toHaveAttribute('type', 'password');

    expect(screen.getAllByRole('button', { name: 'Show password' })).toHaveLength(2);
    const toggle = visibilityToggle(password);
    const confirmToggle = visibilityToggle(confirm);
    expect(confirmToggle).not.toBe(toggle);
    // Reachable with the keyboard, unlike Mantine's default toggle.
    expect(toggle).not.toHaveAttribute('tabindex', '-1');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(confirm).toHaveAttribute('type', 'password');
    await userEvent.click(confirmToggle);
    expect(confirm).toHaveAttribute('type', 'text');
  });

  it('shows the live password checklist', async () => {
    renderSignUp();
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    await userEvent.type(passwordInput(), 'abc');
    expect(within(list).getByText(/At least one lowercase letter/)).toHaveTextContent(': met');
    expect(within(list).getByText(/At least 12 characters/)).toHaveTextContent(': not met');
  });

  it('keeps Continue disabled until the terms are ticked (SPEC §5)', async () => {
    const signup = vi.fn();
    server.use(
      http.post('/client/v1/signup', () => {
        signup();
        return HttpResponse.json(unverifiedCustomerFixture(), { status: 201 });
      }),
    );
    renderSignUp();
    await fillForm();
    expect(continueButton()).toBeDisabled();
    // Enter in a field must not get round the disabled button either.
    await userEvent.type(confirmInput(), '{Enter}');
    expect(signup).not.toHaveBeenCalled();

    const terms = screen.getByRole('checkbox', { name: TERMS_LABEL });
    await userEvent.click(terms);
    expect(continueButton()).toBeEnabled();
    await userEvent.click(terms);
    expect(continueButton()).toBeDisabled();
  });

  it('labels the terms exactly and opens both documents in a new tab', async () => {
    renderSignUp();
    expect(
      await screen.findByRole('checkbox', {
        name: 'I agree to privacy policy & terms of service',
      }),
    ).toBeInTheDocument();
    for (const [name, href] of [
      [/^privacy policy/, '/legal/privacy.html'],
      [/^terms of service/, '/legal/terms.html'],
    ] as const) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(expect.stringContaining('(opens in a new tab)'));
    }
  });

  it('links to sign-in and closes to the marketing site', async () => {
    renderSignUp('/sign-up?redirect=%2Ftransactions');
    expect(await screen.findByRole('link', { name: 'Sign in instead' })).toHaveAttribute(
      'href',
      '/?redirect=%2Ftransactions',
    );
    expect(screen.getByRole('link', { name: /^Close/ })).toHaveAttribute(
      'href',
      'https://corridor.example',
    );
  });

  it('registers, stores the customer and goes to onboarding', async () => {
    let body: unknown;
    server.use(
      http.post('/client/v1/signup', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(unverifiedCustomerFixture(), { status: 201 });
      }),
    );
    const { router } = renderSignUp('/sign-up?redirect=%2Ftransactions');
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());

    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(body).toEqual({
      email: 'ada@example.com',
      password: 'Correct horse 9',
      confirm_password: 'Correct horse 9',
    });
    expect(getCustomer()?.account.is_email_verified).toBe(false);
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
    expect(router.state.location.search).toBe('?redirect=%2Ftransactions');
  });

  it('shows the first 422 message of each field under it, in red', async () => {
    server.use(
      http.post('/client/v1/signup', () =>
        validationError({
          email: ['The email must be a valid email address.', 'Second message'],
          password: ['The password must be at least 12 characters.'],
          confirm_password: ['The passwords do not match.'],
        }),
      ),
    );
    renderSignUp();
    await fillForm('ada@example', 'short');
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());

    const email = screen.getByRole('textbox', { name: /Email/ });
    await waitFor(() => expect(email).toHaveAccessibleDescription(/valid email address/));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(passwordInput()).toHaveAccessibleDescription(
      'The password must be at least 12 characters.',
    );
    expect(confirmInput()).toHaveAccessibleDescription('The passwords do not match.');
    expect(confirmInput()).toHaveAttribute('aria-invalid', 'true');
    // Everything has its place: no extra box.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(continueButton()).toBeEnabled();
  });

  it('still says something for a 422 about a field the form does not have (pitfall 7)', async () => {
    server.use(
      http.post('/client/v1/signup', () =>
        validationError({ terms: ['You must accept the terms.'] }),
      ),
    );
    renderSignUp();
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('You must accept the terms.');
  });

  it('logs any other failure and tells the customer, never doing nothing', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.post('/client/v1/signup', () =>
        HttpResponse.json({ message: 'Server error' }, { status: 500 }),
      ),
    );
    renderSignUp();
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not create your account. Please try again.');
    expect(log).toHaveBeenCalledWith('Sign-up failed.', expect.anything());
    expect(getCustomer()).toBeUndefined();
    expect(continueButton()).toBeEnabled();
    log.mockRestore();
  });

  it('asks for the CSRF cookie before posting', async () => {
    const order: string[] = [];
    renderSignUp();
    server.use(
      http.get('/sanctum/csrf-cookie', () => {
        order.push('csrf');
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/client/v1/signup', () => {
        order.push('signup');
        return HttpResponse.json(customerFixture(), { status: 201 });
      }),
    );
    await fillForm();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());
    await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
    expect(order).toEqual(['csrf', 'signup']);
  });
});
