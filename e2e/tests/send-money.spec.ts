import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { onboardedOnDashboard as newCustomer } from '../support/api-customer.ts';
import { verifiedIdentity, savedQuote } from '../support/api-transfer.ts';
import {
  addPhilippineRecipient,
  expectFitsScreen,
  expectSameDocument,
  markDocument,
  payByBankTransfer,
  reviewAndConfirm,
  transferPage,
} from '../support/send-money.ts';
import { english as t } from '../support/texts.ts';

// Issue 29: money moves, in the browser, with no operator. A customer with an approved ID sends
// money from a saved quote to a paid-out recipient and watches every step arrive live; a
// recipient's account that the sandbox partner fails (docs/sandbox-providers.md#payouts, numbers
// ending 0001) ends in PAYOUT-FAILED with the payment refunded. The e2e server settles a bank
// transfer and steps a payout every second (playwright.config.ts).
//
// The happy path runs once, as a phone (@phone-only); the failure at desktop size (@any-screen):
// the same screens, and money-screens.spec.ts checks every new screen's width at both sizes.
// The refusal for a missing document is transfer-documents.spec.ts.

test('from a saved quote to a paid-out recipient, live, with no operator and no reload @phone-only', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await newCustomer(page, 'send-money');
  await verifiedIdentity(page.context());
  const quote = await savedQuote(page.context(), { iso2: 'PH', amount: '120' });

  await page.goto(`/transfer/${quote.id}`);
  await expect(page).toHaveTitle(t.common['route.transferWizard']);
  // Nothing owed: the recipient, the review, then the payment.
  await expect(
    page.getByText(t.format(t.transfer['rail.stepOf'], { n: 1, m: 3 }), { exact: true }),
  ).toBeVisible();
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);
  await addPhilippineRecipient(page, {
    firstName: 'Maria',
    lastName: 'Santos',
    accountNumber: '100200300045',
  });
  await reviewAndConfirm(page);

  const transactionId = await payByBankTransfer(page);
  // From "I've paid" on, nothing is reloaded: the payment screen hands over to the transfer's
  // page, and its banner and timeline follow the transfer over the customer's channel.
  await markDocument(page);
  await expect(page.getByText(t.payments['bank.watching'], { exact: true })).toBeVisible();
  await expect(page).toHaveURL(`/transaction/${transactionId}`, { timeout: 30_000 });
  const transfer = transferPage(page);
  await expect(transfer.banner).toHaveAttribute('data-state', 'PAYOUT-SUCCESS', {
    timeout: 45_000,
  });
  await expect(transfer.banner).toContainText(t.api('transfers.state.PAYOUT-SUCCESS.label'));
  await expect(transfer.timeline.last()).toContainText(
    t.api('transfers.state.PAYOUT-SUCCESS.label'),
  );
  await expect(transfer.timeline.and(page.locator('[data-state="done"]'))).toHaveCount(
    await transfer.timeline.count(),
  );
  await expectSameDocument(page);
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);

  // The list of transfers has it, paid out.
  await page.goto('/transactions');
  const row = page.getByTestId('transaction-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-state', 'PAYOUT-SUCCESS');
  await expect(row.getByRole('link')).toHaveAttribute('href', `/transaction/${transactionId}`);
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);
});

test('a recipient account the partner fails: PAYOUT-FAILED, then refunded in full and cancelled @any-screen', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await newCustomer(page, 'send-money-fails');
  await verifiedIdentity(page.context());
  const quote = await savedQuote(page.context(), { iso2: 'PH', amount: '80' });

  await page.goto(`/transfer/${quote.id}`);
  await addPhilippineRecipient(page, {
    firstName: 'Jose',
    lastName: 'Reyes',
    accountNumber: '100200300001',
  });
  await reviewAndConfirm(page, { scan: false });
  const transactionId = await payByBankTransfer(page);
  await markDocument(page);
  await expect(page).toHaveURL(`/transaction/${transactionId}`, { timeout: 30_000 });

  // The failed payout is refunded at once, in the same transaction: the transfer ends
  // CANCELLED, its timeline showing the failure, its payment REFUNDED
  // (docs/product/sending-money.md#transaction-states).
  const transfer = transferPage(page);
  await expect(transfer.banner).toHaveAttribute('data-state', 'CANCELLED', { timeout: 45_000 });
  await expect(transfer.banner).toContainText(t.api('transfers.state.CANCELLED.description'));
  const steps = await transfer.timeline.allInnerTexts();
  const failedAt = steps.findIndex((step) =>
    step.includes(t.api('transfers.state.PAYOUT-FAILED.label')),
  );
  expect(failedAt, 'the timeline shows the failed payout').toBeGreaterThan(0);
  // Then the money given back, then where the transfer stands (docs/product/sending-money.md#refunds).
  const refunded = t.format(t.transactions['detail.timelineRefunded'], { amount: '' }).trim();
  expect(steps[failedAt + 1], 'then the refund').toContain(refunded);
  expect(steps[failedAt + 2], 'then the cancellation').toContain(
    t.api('transfers.state.CANCELLED.label'),
  );
  await expect(transfer.payment).toContainText(t.api('payments.shown.refunded.label'));
  await expectSameDocument(page);
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);
});
