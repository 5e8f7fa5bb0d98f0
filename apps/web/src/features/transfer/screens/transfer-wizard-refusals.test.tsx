import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { onboardedCustomerFixture } from '@/test/fixtures';
import { server } from '@/test/msw-server';
import { poiCategory, sofCategory } from '@/test/document-fixtures';
import { confirmedTransactionFixture, transferQuoteFixture } from '@/test/transfer-fixtures';
import {
  confirmTransfer,
  fillReview,
  refusal,
  renderWizard,
  serveConfirm,
  serveQuotes,
  slow,
} from './transfer-wizard-test-kit';

/** Confirms once with `answer` and waits for the refusal's message. */
async function refuse(answer: Response, message: string) {
  const quote = transferQuoteFixture();
  serveQuotes(quote);
  const calls = serveConfirm(() => answer);
  const user = userEvent.setup();
  const rendered = renderWizard(quote.id);
  await fillReview(user);
  await confirmTransfer(user);
  expect(await screen.findByText(message)).toBeInTheDocument();
  // Never a spinner left running: the confirm button is idle again (or gone to another step).
  const button = screen.queryByRole('button', { name: 'Confirm and continue to payment' });
  if (button !== null) expect(button).not.toHaveAttribute('data-loading');
  return { quote, calls, user, ...rendered };
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('TransferWizardScreen: each refusal goes to what clears it', () => {
  it('incomplete_customer_address: the address step, its form focused by heading', async () => {
    await refuse(
      refusal('incomplete_customer_address', 'Add your address first.'),
      'Add your address first.',
    );
    expect(await stepHeading('Provide your address')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Town or city/ })).toBeInTheDocument();
  });

  it('missing_recipient: back to choosing the recipient', async () => {
    await refuse(
      refusal('missing_recipient', 'Choose who gets the money.'),
      'Choose who gets the money.',
    );
    expect(await stepHeading('Choose your recipient')).toBeInTheDocument();
  });

  it('account_verification_required: the verification step with the documents owed, linking back', async () => {
    const { quote } = await refuse(
      refusal('account_verification_required', 'We need your source of funds.', {
        pending_documents: [sofCategory],
      }),
      'We need your source of funds.',
    );
    await stepHeading('Verify your identity');
    const start = screen.getByRole('link', { name: /^Start verification.*Source of funds$/ });
    expect(start).toHaveAttribute(
      'href',
      `/account-verification/upload/${sofCategory.id}?_rtr=transferWizard&_rti=${quote.id}`,
    );
  });

  it('account_verification_required: once the quote owes nothing, "I\'ve sent" goes on to review', async () => {
    const { user } = await refuse(
      refusal('account_verification_required', 'We need your ID.', {
        pending_documents: [{ id: sofCategory.id, document_category: poiCategory }],
      }),
      'We need your ID.',
    );
    await stepHeading('Verify your identity');
    expect(screen.getByRole('heading', { name: 'Proof of identity' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "I've sent my documents" }));
    expect(await stepHeading('Review & confirm')).toBeInTheDocument();
  });

  it.each([
    ['incomplete_customer_identity', 'Complete your details'],
    ['unverified_customer_mobile_number', 'Complete your details'],
  ])('%s: onboarding, with the way back to this transfer', async (type, action) => {
    const { quote, user, router } = await refuse(
      refusal(type, 'Your profile is missing details.'),
      'Your profile is missing details.',
    );
    await user.click(screen.getByRole('link', { name: action }));
    expect(await screen.findByText('Onboarding screen', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workflow/onboarding');
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(
      `/transfer/${quote.id}`,
    );
  });

  it('blocked_for_sending: the message and support', async () => {
    await refuse(
      refusal('blocked_for_sending', 'Sending is blocked on your account.'),
      'Sending is blocked on your account.',
    );
    expect(screen.getByText('Please contact support to find out more.')).toBeInTheDocument();
  });

  it('limit_exceeded: the message with the limit, and back to the amount', async () => {
    const message = 'This takes you past your 24-hour limit of £2,000.00: £150.00 is left.';
    await refuse(refusal('limit_exceeded', message), message);
    expect(screen.getByRole('link', { name: 'Change the amount' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('duplicate_transaction: the message and a link to pay for the transfer it names', async () => {
    const existing = confirmedTransactionFixture(transferQuoteFixture());
    await refuse(
      refusal('duplicate_transaction', 'You already sent this.', { transaction_id: existing.id }),
      'You already sent this.',
    );
    expect(screen.getByRole('link', { name: 'Go to that transfer' })).toHaveAttribute(
      'href',
      `/pay/${existing.id}`,
    );
  });

  it('an unknown type: its message, and the button ready again', async () => {
    await refuse(
      refusal('wallet_spending_on_hold', 'Your wallet is on hold.'),
      'Your wallet is on hold.',
    );
    expect(screen.getByRole('button', { name: 'Confirm and continue to payment' })).toBeEnabled();
  });

  it('poi_info_check_failed: upload another, or use the ID’s details and confirm again', async () => {
    const quote = transferQuoteFixture();
    serveQuotes(quote);
    const calls = serveConfirm((index) =>
      index === 0
        ? refusal('poi_info_check_failed', 'Your name does not match your ID.')
        : HttpResponse.json(confirmedTransactionFixture(quote), { status: 201 }),
    );
    let applied = 0;
    server.use(
      http.post('/client/v1/apply-info-from-poi', () => {
        applied += 1;
        return HttpResponse.json(onboardedCustomerFixture());
      }),
    );
    const user = userEvent.setup();
    renderWizard(quote.id);
    await fillReview(user);
    await confirmTransfer(user);
    await screen.findByText('Your name does not match your ID.');
    expect(screen.getByRole('link', { name: 'Upload another document' })).toHaveAttribute(
      'href',
      `/account-verification?_rtr=transferWizard&_rti=${quote.id}`,
    );
    await user.click(screen.getByRole('button', { name: "Use my ID's details" }));

    expect(await screen.findByText('Payment screen', {}, slow)).toBeInTheDocument();
    expect(applied).toBe(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual(calls[0]?.body);
  });

  it('quote_expired: the rate lock ends and offers a new rate', async () => {
    await refuse(refusal('quote_expired', 'This quote has expired.'), 'This quote has expired.');
    const lock = screen.getByRole('status', { name: 'This rate has expired' });
    expect(within(lock).getByRole('button', { name: 'Get a new rate' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Confirm and continue to payment' }),
      ).toBeDisabled(),
    );
  });
});
