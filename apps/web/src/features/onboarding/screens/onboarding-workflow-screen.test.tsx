import type { Country, Customer } from '@corridor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { setLocale } from '@/i18n';
import {
  allCountriesFixture,
  countryFixture,
  customerFixture,
  onboardedCustomerFixture,
  ukCustomerFixture,
  unitedKingdom,
  unitedStates,
  sourceCountriesFixture,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import { serveCountries, serveCsrfCookie, servePost, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes, setViewportWidth } from '@/test/render';
import { OnboardingWorkflowScreen } from './onboarding-workflow-screen';

const germany = countryFixture('DE', 'Germany', '+49', 20);
// Every country, the ones we send from marked as served (GET /countries says so, defect 19).
const countries: Country[] = [...allCountriesFixture, germany].map((country) =>
  sourceCountriesFixture.some((source) => source.id === country.id)
    ? { ...country, is_served: true }
    : country,
);

function renderOnboarding(customer: Customer, url = '/workflow/onboarding') {
  setCustomer(customer);
  serveCountries(countries);
  return renderRoutes(
    [
      { path: '/workflow/onboarding', Component: OnboardingWorkflowScreen },
      { path: '/dashboard', element: <h1>Dashboard stub</h1> },
      { path: '/transfer/:id', element: <h1>Transfer stub</h1> },
    ],
    url,
  );
}

const boxes = () =>
  within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');
const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
/** A country picker (the design system's select: a button that opens a searchable dialog). */
const picker = (name: string) => screen.findByRole('combobox', { name });
const stepItems = () =>
  within(screen.getByRole('list', { name: 'Sign-up steps' })).getAllByRole('listitem');
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('OnboardingWorkflowScreen: email verification', () => {
  it('starts a new customer at email verification, step 1 of 6', async () => {
    renderOnboarding(unverifiedCustomerFixture());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Signup' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(await stepHeading('Verify your email')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
    // Defect 18: true whether the address was new or not, the customer's own address in full,
    // and a way out when it is the wrong one.
    expect(
      await screen.findByText(/is new to Corridor, we have sent it a 6-digit code/),
    ).toHaveTextContent(
      /If ada@example\.com is new to Corridor.*If it already has an account, we have emailed it how to sign in instead\./,
    );
    expect(screen.getByRole('button', { name: 'Change it' })).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
    const steps = stepItems();
    expect(steps.map((step) => step.textContent)).toEqual([
      '1. Verify your email: current step',
      '2. Your country: to do',
      '3. Personal details: to do',
      '4. Employment: to do',
      '5. Address: to do',
      '6. Mobile number: to do',
    ]);
    expect(steps[0]).toHaveAttribute('aria-current', 'step');
  });

  it('verifies the code, stores the customer and moves on to the country', async () => {
    const post = servePost('/client/v1/verify-email-address', () => customerFixture());
    renderOnboarding(unverifiedCustomerFixture());
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await userEvent.paste('135790');

    expect(await stepHeading('Your country')).toBeInTheDocument();
    expect(post.body).toEqual({ otp: '135790' });
    expect(getCustomer()?.account.is_email_verified).toBe(true);
    expect(screen.getByText('Step 2 of 6')).toBeInTheDocument();
    expect(stepItems()[0]).toHaveTextContent('1. Verify your email: done');
  });

  it('shows a wrong code and lets the customer try again', async () => {
    server.use(
      http.post('/client/v1/verify-email-address', () =>
        validationError({ otp: ['Too many wrong codes. Ask for a new one.'] }),
      ),
    );
    renderOnboarding(unverifiedCustomerFixture());
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await userEvent.paste('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Ask for a new one.',
    );
    expect(getCustomer()?.account.is_email_verified).toBe(false);
  });
});

describe('OnboardingWorkflowScreen: profile steps', () => {
  it('offers the source countries and saves the chosen one', async () => {
    const post = servePost('/client/v1/update-country', () => ukCustomerFixture());
    renderOnboarding(customerFixture());
    expect(await stepHeading('Your country')).toBeInTheDocument();
    await userEvent.click(await picker('Country'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Australia',
      'United Kingdom',
      'United States',
    ]);
    await userEvent.click(screen.getByRole('option', { name: /United Kingdom/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    const next = await stepHeading('Personal details');
    // The next step's heading takes focus, so a screen reader reads where the customer is.
    await waitFor(() => expect(next).toHaveFocus());
    expect(post.body).toEqual({ country_id: unitedKingdom.id });
    expect(getCustomer()?.country?.iso2_alpha).toBe('GB');
    // The identity attributes the server listed for the new country.
    expect(field(/^First name/)).toBeInTheDocument();
    expect(await picker('Nationality')).toBeInTheDocument();
  });

  it("shows the server's country error under the picker", async () => {
    servePost('/client/v1/update-country', () =>
      validationError({ country_id: ['We do not support sending from this country yet.'] }),
    );
    renderOnboarding(customerFixture());
    await userEvent.click(await picker('Country'));
    await userEvent.click(await screen.findByRole('option', { name: /United States/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('We do not support sending from this country yet.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Your country' })).toBeInTheDocument();
  });

  it('saves personal details, then moves on to employment and then address', async () => {
    const afterIdentity = { ...ukCustomerFixture(), is_identity_information_required: false };
    const afterEmployment = { ...afterIdentity, is_employment_information_required: false };
    servePost('/client/v1/update', (body) =>
      JSON.stringify(body).includes('occupation_id') ? afterEmployment : afterIdentity,
    );
    renderOnboarding(ukCustomerFixture());
    expect(await stepHeading('Personal details')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 6')).toBeInTheDocument();
    await userEvent.type(field(/^First name/), 'Ada');
    await userEvent.type(field(/^Last name/), 'Lovelace');
    const dob = field(/^Date of birth/);
    await userEvent.type(dob, '1990-05-17');
    await userEvent.click(await picker('Nationality'));
    await userEvent.click(await screen.findByRole('option', { name: /United Kingdom/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await stepHeading('Employment')).toBeInTheDocument();
    expect(getCustomer()?.is_identity_information_required).toBe(false);
    await userEvent.click(field(/^Occupation/));
    await userEvent.click(await screen.findByRole('option', { name: 'Engineer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await stepHeading('Address')).toBeInTheDocument();
    // Employment stays listed, now done, so the count does not shift.
    expect(screen.getByText('Step 5 of 6')).toBeInTheDocument();
    expect(stepItems()[3]).toHaveTextContent('4. Employment: done');
  });

  it('defect 16: after a reload, resumes at the first step owed with the same count, done steps listed', async () => {
    // Identity and employment were saved before the reload; the screen starts afresh.
    renderOnboarding({
      ...ukCustomerFixture(),
      is_identity_information_required: false,
      is_employment_information_required: false,
    });
    expect(await stepHeading('Address')).toBeInTheDocument();
    expect(screen.getByText('Step 5 of 6')).toBeInTheDocument();
    expect(stepItems().map((step) => step.textContent)).toEqual([
      '1. Verify your email: done',
      '2. Your country: done',
      '3. Personal details: done',
      '4. Employment: done',
      '5. Address: current step',
      '6. Mobile number: to do',
    ]);
  });

  it('defect 19: says which countries we serve and offers the waiting list with the email', async () => {
    const post = servePost('/client/v1/country-waitlist', () =>
      HttpResponse.json({ message: 'Noted.' }, { status: 202 }),
    );
    serveCsrfCookie();
    renderOnboarding(customerFixture());
    expect(await stepHeading('Your country')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Corridor is open to people who live in these countries: Australia, United Kingdom, and United States.',
      ),
    ).toBeInTheDocument();
    // Searching for a country we do not serve says so, and where to ask.
    await userEvent.click(await picker('Country'));
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Country' }), 'Germany');
    expect(
      await screen.findByText('We do not serve that country yet. Ask to be told when it opens.'),
    ).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      screen.getByRole('button', {
        name: 'Live somewhere else? Tell me when Corridor opens there',
      }),
    );
    expect(screen.getByText('We will write to ada@example.com.')).toBeInTheDocument();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: /^Country you live in/ }),
      'Germany',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tell me when it opens' }));
    expect(
      await screen.findByText('Thank you. We will email you when Corridor opens in Germany.'),
    ).toBeInTheDocument();
    expect(post.body).toEqual({ email: 'ada@example.com', country_id: germany.id });
    // The step itself is still there to finish.
    expect(screen.getByRole('heading', { level: 2, name: 'Your country' })).toBeInTheDocument();
  });

  it('defect 3: on a phone, the nationality list of personal details shows every country, then the matches', async () => {
    setViewportWidth(390);
    try {
      renderOnboarding({ ...ukCustomerFixture() });
      expect(await stepHeading('Personal details')).toBeInTheDocument();
      await userEvent.click(await picker('Nationality'));
      // A dialog that fills the phone's screen, not a dropdown placed against the page.
      const dialog = await screen.findByRole('dialog', { name: 'Nationality' });
      expect(dialog.closest('[data-full-screen]') ?? dialog).toHaveAttribute('data-full-screen');
      const listbox = within(dialog).getByRole('listbox');
      expect(within(listbox).getAllByRole('option')).toHaveLength(countries.length);
      await userEvent.type(within(dialog).getByRole('combobox'), 'Uni');
      expect(
        within(dialog)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['United Kingdom', 'United States']);
    } finally {
      setViewportWidth(1024);
    }
  });
});

describe('OnboardingWorkflowScreen: in Spanish', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it('names the steps and counts them in Spanish', async () => {
    await setLocale('es', { remember: false });
    renderOnboarding(customerFixture());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Completa tu registro' }),
    ).toBeInTheDocument();
    expect(await stepHeading('Tu país')).toBeInTheDocument();
    expect(screen.getByText('Paso 2 de 6')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Pasos del registro' })).getAllByRole('listitem')[0],
    ).toHaveTextContent('1. Verifica tu correo: hecho');
    // The step's form follows the countries' answer (a status until then): waited for, as the
    // English tests wait for its picker.
    expect(await screen.findByRole('button', { name: 'Continuar' })).toBeInTheDocument();
  });
});

describe('OnboardingWorkflowScreen: mobile number and the end', () => {
  const owingNumber = () => ({
    ...onboardedCustomerFixture(),
    account: {
      ...onboardedCustomerFixture().account,
      mobile_number: null,
      mobile_number_country: null,
    },
  });

  it("defaults the calling code to the customer's country and shows the server's 422", async () => {
    const post = servePost('/client/v1/update-mobile-number', () =>
      validationError({
        mobile_number: ['We cannot use this mobile number. Check it, or enter another one.'],
      }),
    );
    renderOnboarding(owingNumber());
    expect(await stepHeading('Mobile number')).toBeInTheDocument();
    expect(await picker('Country code')).toHaveTextContent('United Kingdom +44');
    const number = field(/^Mobile number/);
    await userEvent.type(number, '07400123456');
    expect(number).toHaveValue('07400 123456');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText('We cannot use this mobile number. Check it, or enter another one.'),
    ).toBeInTheDocument();
    expect(number).toHaveAccessibleDescription(
      'We cannot use this mobile number. Check it, or enter another one.',
    );
    expect(post.body).toEqual({
      mobile_number_country_id: unitedKingdom.id,
      mobile_number: '07400 123456',
    });
  });

  it('saves the number with another calling code and then says the signup is complete', async () => {
    const post = servePost('/client/v1/update-mobile-number', () => onboardedCustomerFixture());
    renderOnboarding(owingNumber());
    const code = await picker('Country code');
    expect(code).toHaveTextContent('United Kingdom +44');
    await userEvent.click(code);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search Country code' }), '+1');
    await userEvent.click(await screen.findByRole('option', { name: 'United States +1' }));
    await userEvent.type(field(/^Mobile number/), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await stepHeading('You are all set')).toBeInTheDocument();
    // defect 16: the summary lists every step, those done before this visit included.
    expect(stepItems().map((step) => step.textContent)).toEqual([
      '1. Verify your email: done',
      '2. Your country: done',
      '3. Personal details: done',
      '4. Employment: done',
      '5. Address: done',
      '6. Mobile number: done',
    ]);
    expect(post.body).toEqual({
      mobile_number_country_id: unitedStates.id,
      mobile_number: '(201) 555-0123',
    });
    expect(getCustomer()?.account.mobile_number).toBe('+447400123456');
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('sends a customer who owes nothing to the dashboard', async () => {
    const { router } = renderOnboarding(onboardedCustomerFixture());
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard stub' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('or to the safe redirect they were going to', async () => {
    const { router } = renderOnboarding(
      onboardedCustomerFixture(),
      '/workflow/onboarding?redirect=%2Ftransfer%2Fq-1',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Transfer stub' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transfer/q-1');
  });
});
