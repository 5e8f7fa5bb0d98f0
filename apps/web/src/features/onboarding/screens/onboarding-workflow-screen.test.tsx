import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { customerFixture, unverifiedCustomerFixture } from '../../../test/fixtures';
import { validationError } from '../../../test/handlers';
import { server } from '../../../test/msw-server';
import { renderRoutes } from '../../../test/render';
import { getCustomer, setCustomer } from '../../customer/customer-store';
import { OnboardingWorkflowScreen } from './onboarding-workflow-screen';

function renderOnboarding(url = '/workflow/onboarding') {
  return renderRoutes([{ path: '/workflow/onboarding', Component: OnboardingWorkflowScreen }], url);
}

const boxes = () =>
  within(screen.getByRole('group', { name: 'Verification code' })).getAllByRole('textbox');

describe('OnboardingWorkflowScreen', () => {
  it('starts with email verification: the masked address, the code boxes and a locked resend', async () => {
    setCustomer(unverifiedCustomerFixture());
    renderOnboarding();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Complete Signup' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 2, name: 'Verify your email' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ad\*\*\*@example\.com/)).toBeInTheDocument();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Resend code in 30 s' })).toBeDisabled();
    const steps = screen.getByRole('list', { name: 'Signup steps' });
    expect(within(steps).getByRole('listitem')).toHaveAttribute('aria-current', 'step');
  });

  it('verifies the code, stores the customer and shows the verified state', async () => {
    setCustomer(unverifiedCustomerFixture());
    let body: unknown;
    server.use(
      http.post('/client/v1/verify-email-address', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          ...unverifiedCustomerFixture(),
          account: { ...unverifiedCustomerFixture().account, is_email_verified: true },
        });
      }),
    );
    renderOnboarding();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await userEvent.paste('135790');

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your email is verified' }),
    ).toBeInTheDocument();
    expect(body).toEqual({ otp: '135790' });
    expect(getCustomer()?.account.is_email_verified).toBe(true);
    expect(screen.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows a wrong code and lets the customer try again', async () => {
    setCustomer(unverifiedCustomerFixture());
    server.use(
      http.post('/client/v1/verify-email-address', () =>
        validationError(
          { otp: ['Too many wrong codes. Ask for a new one.'] },
          'Too many wrong codes. Ask for a new one.',
        ),
      ),
    );
    renderOnboarding();
    await waitFor(() => expect(boxes()[0]).toHaveFocus());
    await userEvent.paste('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many wrong codes. Ask for a new one.',
    );
    expect(getCustomer()?.account.is_email_verified).toBe(false);
  });

  it('shows the verified state straight away, continuing to a safe redirect', async () => {
    setCustomer(customerFixture());
    renderOnboarding('/workflow/onboarding?redirect=%2Ftransfer%2Fq-1');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Your email is verified' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Verification code' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/transfer/q-1');
  });
});
