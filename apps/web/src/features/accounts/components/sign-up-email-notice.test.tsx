import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getCustomer, setCustomer } from '@/features/customers';
import { commonMessages } from '@/i18n';
import { unverifiedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { renderRoutes } from '@/test/render';
import { accountsMessages } from '../messages';
import { SignUpEmailNotice } from './sign-up-email-notice';

beforeAll(() => Promise.all([accountsMessages.load(), commonMessages.load()]));

/** Stands in for the sign-up screen: shows the address it was handed. */
function SignUpStandIn() {
  const state = useLocation().state as { email?: string } | null;
  return <h1>Sign up again from {state?.email}</h1>;
}

function renderNotice() {
  setCustomer(unverifiedCustomerFixture());
  return renderRoutes(
    [
      { path: '/workflow/onboarding', element: <SignUpEmailNotice email="ada@exmaple.com" /> },
      { path: '/sign-up', Component: SignUpStandIn },
    ],
    '/workflow/onboarding',
  );
}

describe('defect 18: after sign-up, verify-email is never a dead end', () => {
  it('says what was sent either way, with the address unmasked', async () => {
    renderNotice();
    const text = await screen.findByText((_, node) =>
      node?.tagName === 'P' ? /^If ada@exmaple\.com is new/.test(node.textContent ?? '') : false,
    );
    expect(text).toHaveTextContent(
      'If ada@exmaple.com is new to Corridor, we have sent it a 6-digit code: enter it below. ' +
        'If it already has an account, we have emailed it how to sign in instead.',
    );
    expect(screen.getByText('Wrong email?', { exact: false })).toBeInTheDocument();
  });

  it('issue 28: lets a long address wrap, so the step fits a 390 px phone', async () => {
    renderNotice();
    const address = await screen.findByText('ada@exmaple.com', { selector: 'strong' });
    expect(address).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('"Change it" signs this new session out and starts sign-up again from that address', async () => {
    let signedOut = 0;
    server.use(
      http.post('/client/v1/logout', () => {
        signedOut += 1;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { router } = renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: 'Change it' }));
    expect(
      await screen.findByRole('heading', { name: 'Sign up again from ada@exmaple.com' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-up');
    expect(signedOut).toBe(1);
    expect(getCustomer()).toBeUndefined();
  });

  it('says so when the sign-out fails, and stays', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.post('/client/v1/logout', () => HttpResponse.error()));
    const { router } = renderNotice();
    await userEvent.click(await screen.findByRole('button', { name: 'Change it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not sign you out to change the email.',
    );
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
    expect(getCustomer()).toBeDefined();
    log.mockRestore();
  });
});
