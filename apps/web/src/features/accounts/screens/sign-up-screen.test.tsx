import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { Navigate } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomer } from '@/features/customers';
import { commonMessages, setLocale } from '@/i18n';
import {
  customerFixture,
  onboardedCustomerFixture,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import {
  serveCountries,
  serveCsrfCookie,
  servePasswordPolicy,
  serveProfile,
  validationError,
} from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderPublicRoutes, visibilityToggle } from '@/test/render';
import { accountsMessages } from '../messages';
import { SignUpScreen, TERMS_LABEL } from './sign-up-screen';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

/** The passwords the server refuses as too common (POST /client/v1/password/check). */
const COMMON_PASSWORDS = ['Password1234'];

function renderSignUp(url = '/sign-up') {
  servePasswordPolicy();
  serveCsrfCookie();
  serveCountries();
  server.use(
    http.post('/client/v1/password/check', async ({ request }) => {
      const { password } = (await request.json()) as { password: string };
      return HttpResponse.json({ commonly_used: COMMON_PASSWORDS.includes(password) });
    }),
  );
  return renderPublicRoutes(
    [
      { path: '/sign-up', Component: SignUpScreen },
      { path: '/workflow/onboarding', element: <h1>Onboarding</h1> },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
      // As "Wrong email? Change it" (SignUpEmailNotice) goes to sign-up.
      {
        path: '/change-email',
        element: <Navigate to="/sign-up" state={{ email: 'ada@exmaple.com' }} replace />,
      },
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
  it('has the fields of docs/product/routes-and-screens.md#sign-up-screen: email of type email and two passwords with their own toggles', async () => {
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

  it('defect 19: says which countries we serve before anyone signs up', async () => {
    renderSignUp();
    expect(
      await screen.findByText(
        'Corridor is open to people who live in these countries: Australia, United Kingdom, and United States.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: 'Live somewhere else? Tell me when Corridor opens there',
      }),
    ).toBeInTheDocument();
  });

  it('shows the live password checklist', async () => {
    renderSignUp();
    const list = await screen.findByRole('list', { name: 'Password requirements' });
    await userEvent.type(passwordInput(), 'abc');
    expect(within(list).getByText(/At least one lowercase letter/)).toHaveTextContent(': met');
    expect(within(list).getByText(/At least 12 characters/)).toHaveTextContent(': not met');
  });

  it('keeps Continue disabled until the terms are ticked (docs/product/web-app.md#forms-and-validation)', async () => {
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
    expect(screen.getByRole('link', { name: /^Close/ })).toHaveAttribute('href', '/');
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
      // The language of the screen: the customer's emails follow it.
      locale: 'en',
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
    // Fine by the form's own checks; the server still has the last word.
    await fillForm();
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
    // The password check may have fetched one too; the sign-up's own comes just before it.
    expect(order.filter((call) => call === 'signup')).toEqual(['signup']);
    expect(order[order.indexOf('signup') - 1]).toBe('csrf');
  });

  it('defect 17: shows every problem at once, each under its field, and sends nothing', async () => {
    const signup = vi.fn();
    server.use(
      http.post('/client/v1/signup', () => {
        signup();
        return HttpResponse.json(unverifiedCustomerFixture(), { status: 201 });
      }),
    );
    renderSignUp();
    await screen.findByRole('list', { name: 'Password requirements' });
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'ada@example');
    await userEvent.type(passwordInput(), 'short');
    await userEvent.type(confirmInput(), 'shorter');
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());

    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Enter an email address like name@example.com.',
    );
    expect(passwordInput()).toHaveAccessibleDescription(
      'Choose a password that meets every requirement in the list.',
    );
    expect(confirmInput()).toHaveAccessibleDescription('The passwords do not match.');
    for (const field of [passwordInput(), confirmInput()])
      expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(signup).not.toHaveBeenCalled();
  });

  it('defect 17: names empty fields and a password the server would refuse as too common', async () => {
    const signup = vi.fn();
    server.use(http.post('/client/v1/signup', () => signup()));
    renderSignUp();
    await screen.findByRole('list', { name: 'Password requirements' });
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    await userEvent.click(continueButton());
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveAccessibleDescription(
      'Enter your email.',
    );
    expect(passwordInput()).toHaveAccessibleDescription('Enter a password.');
    expect(confirmInput()).toHaveAccessibleDescription('Enter the password again.');

    await fillForm('ada@example.com', 'Password1234');
    const list = screen.getByRole('list', { name: 'Password requirements' });
    // The check waits for a pause in typing, then for the server.
    await waitFor(
      () =>
        expect(within(list).getByText(/^Not a commonly used password/)).toHaveTextContent(
          ': not met',
        ),
      { timeout: 5_000 },
    );
    await userEvent.click(continueButton());
    expect(passwordInput()).toHaveAccessibleDescription(
      'This password is too common. Choose one that is harder to guess.',
    );
    expect(signup).not.toHaveBeenCalled();
  });

  it('defect 23: a disabled Continue says why, next to it', async () => {
    renderSignUp();
    await fillForm();
    const reason = 'To continue, tick the box to agree to the privacy policy and terms of service.';
    expect(continueButton()).toBeDisabled();
    expect(continueButton()).toHaveAccessibleDescription(reason);
    expect(screen.getByText(reason)).toBeVisible();
    await userEvent.click(screen.getByRole('checkbox', { name: TERMS_LABEL }));
    expect(continueButton()).toBeEnabled();
    expect(screen.queryByText(reason)).not.toBeInTheDocument();
  });

  it('defect 18: "Change it" starts again from the address the customer gave', async () => {
    renderSignUp('/change-email');
    expect(await screen.findByRole('textbox', { name: /Email/ })).toHaveValue('ada@exmaple.com');
  });

  it('defect 6: sends a customer already signed in on, instead of showing the form', async () => {
    document.cookie = 'XSRF-TOKEN=token; path=/';
    serveProfile(onboardedCustomerFixture());
    const { router } = renderSignUp();
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
    document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  describe('in Spanish', () => {
    afterEach(() => setLocale('en', { remember: false }));

    it('speaks Spanish and sends the language, so the emails follow it', async () => {
      await setLocale('es', { remember: false });
      let body: unknown;
      server.use(
        http.post('/client/v1/signup', async ({ request }) => {
          body = await request.json();
          return HttpResponse.json(unverifiedCustomerFixture(), { status: 201 });
        }),
      );
      renderSignUp();
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Crea tu cuenta' }),
      ).toBeInTheDocument();
      await userEvent.type(screen.getByRole('textbox', { name: 'Correo electrónico' }), 'a@b.co');
      await userEvent.type(
        screen.getByLabelText(/^Contraseña/, { selector: 'input' }),
        'Correct horse 9',
      );
      await userEvent.type(
        screen.getByLabelText(/^Confirma la contraseña/, { selector: 'input' }),
        'Correct horse 9',
      );
      await userEvent.click(
        screen.getByRole('checkbox', {
          name: 'Acepto la política de privacidad y los términos del servicio',
        }),
      );
      await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
      await screen.findByRole('heading', { level: 1, name: 'Onboarding' });
      expect(body).toMatchObject({ email: 'a@b.co', locale: 'es' });
    });
  });
});
