import type { Customer } from '@corridor/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import {
  customerFixture,
  onboardedCustomerFixture,
  ukCustomerFixture,
  unitedKingdom,
  unitedStates,
  unverifiedCustomerFixture,
} from '@/test/fixtures';
import { serveCountries, servePost, validationError } from '@/test/handlers';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { OnboardingWorkflowScreen } from './onboarding-workflow-screen';

function renderOnboarding(customer: Customer, url = '/workflow/onboarding') {
  setCustomer(customer);
  serveCountries();
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
const stepItems = () =>
  within(screen.getByRole('list', { name: 'Signup steps' })).getAllByRole('listitem');
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
    expect(screen.getByText(/ad\*\*\*@example\.com/)).toBeInTheDocument();
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
    await userEvent.click(await screen.findByLabelText(/^Country/, { selector: 'input' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '🇬🇧United Kingdom',
      '🇺🇸United States',
      '🇦🇺Australia',
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
    expect(field(/^Nationality/)).toBeInTheDocument();
  });

  it("shows the server's country error under the picker", async () => {
    servePost('/client/v1/update-country', () =>
      validationError({ country_id: ['We do not support sending from this country yet.'] }),
    );
    renderOnboarding(customerFixture());
    await userEvent.click(await screen.findByLabelText(/^Country/, { selector: 'input' }));
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
    await userEvent.click(field(/^Nationality/));
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

  it('resumes at the first step still owed and lists only the steps that apply', async () => {
    renderOnboarding({
      ...ukCustomerFixture(),
      is_identity_information_required: false,
      is_employment_information_required: false,
    });
    expect(await stepHeading('Address')).toBeInTheDocument();
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    expect(screen.queryByText(/Employment/)).not.toBeInTheDocument();
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
    await waitFor(() => expect(field(/^Country code/)).toHaveValue('United Kingdom +44'));
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
    await waitFor(() => expect(field(/^Country code/)).toHaveValue('United Kingdom +44'));
    await userEvent.click(field(/^Country code/));
    await userEvent.click(await screen.findByRole('option', { name: /United States \+1/ }));
    await userEvent.type(field(/^Mobile number/), '2015550123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await stepHeading('You are all set')).toBeInTheDocument();
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
