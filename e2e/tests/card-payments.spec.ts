import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { onboardedOnDashboard as newCustomer } from '../support/api-customer.ts';
import { savedQuote, verifiedIdentity } from '../support/api-transfer.ts';
import { onPaymentScreen, payByCard, testCards } from '../support/card-payment.ts';
import { press } from '../support/press.ts';
import {
  addPhilippineRecipient,
  expectFitsScreen,
  expectSameDocument,
  markDocument,
  reviewAndConfirm,
  transferPage,
} from '../support/send-money.ts';
import { english as t } from '../support/texts.ts';

// Issue 30: paying by card in the browser, through the sandbox's hosted card page
// (docs/sandbox-providers.md#payments) and its signed callback. The e2e server steps a payout
// every second (playwright.config.ts), so a paid transfer reaches PAYOUT-SUCCESS in seconds.
//
// Once each, at desktop size (@any-screen): send-money.spec.ts walks the wizard as a phone, and
// money-screens.spec.ts checks the card screens' widths and axe at both sizes.

test('a card with 3-D Secure: challenge passed, back at the callback, the transfer live to PAYOUT-SUCCESS @any-screen', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await newCustomer(page, 'card-3ds');
  await verifiedIdentity(page.context());
  const quote = await savedQuote(page.context(), { iso2: 'PH', amount: '90' });

  await page.goto(`/transfer/${quote.id}`);
  await addPhilippineRecipient(page, {
    firstName: 'Ana',
    lastName: 'Cruz',
    accountNumber: '100200300046',
  });
  await reviewAndConfirm(page, { scan: false, method: 'card' });
  const transactionId = await onPaymentScreen(page);
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);

  await payByCard(page, transactionId, testCards.threeDSecure, { challenge: 'pass' });
  // From the callback on, nothing is reloaded: it hands over to the transfer's page, which
  // follows the transfer over its channel.
  await markDocument(page);
  await expect(page).toHaveURL(`/transaction/${transactionId}`, { timeout: 30_000 });
  const transfer = transferPage(page);
  await expect(transfer.banner).toHaveAttribute('data-state', 'PAYOUT-SUCCESS', {
    timeout: 45_000,
  });
  await expect(transfer.payment).toContainText(t.api('quotes.paymentMethod.card.title'));
  await expect(page.getByRole('link', { name: t.transactions['detail.receipt'] })).toHaveAttribute(
    'href',
    `/client/v1/transaction/${transactionId}/receipt`,
  );
  await expectSameDocument(page);
  await expectNoA11yViolations(page);
});

test('a declined card, then another card that pays @any-screen', async ({ page }) => {
  test.setTimeout(150_000);
  await newCustomer(page, 'card-declined');
  await verifiedIdentity(page.context());
  const quote = await savedQuote(page.context(), { iso2: 'PH', amount: '70' });

  await page.goto(`/transfer/${quote.id}`);
  await addPhilippineRecipient(page, {
    firstName: 'Luis',
    lastName: 'Garcia',
    accountNumber: '100200300047',
  });
  await reviewAndConfirm(page, { scan: false, method: 'card' });
  const transactionId = await onPaymentScreen(page);
  await payByCard(page, transactionId, testCards.declines);

  // The provider's signed callback fails the payment; the callback screen offers another card.
  const outcome = page.getByTestId('payment-outcome');
  await expect(outcome).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
  await expectNoA11yViolations(page);
  await press(page.getByRole('button', { name: t.payments['retry.card'], exact: true }));
  await onPaymentScreen(page);
  await payByCard(page, transactionId, testCards.approves);

  await expect(page).toHaveURL(`/transaction/${transactionId}`, { timeout: 30_000 });
  const transfer = transferPage(page);
  await expect(transfer.banner).toHaveAttribute('data-state', 'PAYOUT-SUCCESS', {
    timeout: 45_000,
  });
  // The second payment, with its own reference.
  await expect(transfer.payment).toContainText(/TP\d+-002/);
});
