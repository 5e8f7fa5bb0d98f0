import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './a11y.ts';
import { chooseFirst, choose, field } from './journeys.ts';
import { press, tick } from './press.ts';
import { english as t } from './texts.ts';

/**
 * The steps of sending money in the browser (issue 29): the transfer wizard's recipient and
 * review steps, the bank-transfer payment, and the transfer's page. Words from the catalogues
 * (support/texts.ts); test ids and names as the screens give them (docs/product/routes-and-screens.md).
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const startsWith = (text: string) => new RegExp(`^${escapeRegExp(text)}`);
export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The wizard step's heading (each step's h2). */
export const stepHeading = (page: Page): Locator => page.getByTestId('transfer-step-heading');

/** Nothing runs off the side of the screen. */
export async function expectFitsScreen(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, 'the page is wider than the screen').toBeLessThanOrEqual(widths.screen);
}

/** Marks the page's document, so a reload (which drops the mark) is seen afterwards. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { stayed?: boolean }).stayed = true;
  });
}

export async function expectSameDocument(page: Page): Promise<void> {
  const stayed = await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed);
  expect(stayed, 'the page was not reloaded').toBe(true);
}

/**
 * In the wizard's recipient step: adds a Philippine bank recipient through the add-recipient
 * dialog (its country and method are the quote's), which the wizard then chooses.
 */
export async function addPhilippineRecipient(
  page: Page,
  {
    firstName,
    lastName,
    accountNumber,
  }: { firstName: string; lastName: string; accountNumber: string },
): Promise<void> {
  await expect(stepHeading(page)).toHaveText(t.transfer['step.recipientAdd']);
  await press(page.getByRole('button', { name: t.transfer['recipient.add'], exact: true }));
  const dialog = page.getByRole('dialog', { name: t.recipients['wizard.title'] });
  const individual = dialog.getByRole('button', {
    name: startsWith(t.recipients['wizard.type.individual']),
  });
  const form = dialog.getByRole('heading', { name: t.recipients['wizard.form.title'] });
  await expect(individual.or(form)).toBeVisible();
  if (await individual.isVisible()) await press(individual);
  await expect(form).toBeVisible();
  await field(page, t.api('profile.label.firstName')).fill(firstName);
  await field(page, t.api('profile.label.lastName')).fill(lastName);
  await chooseFirst(page, t.api('recipients.label.bank'));
  const accountLabel = t.api('recipients.label.accountNumber');
  await field(page, accountLabel).fill(accountNumber);
  // Typed twice ("Confirm account number": the label in the sentence, its case changed).
  const twin = t.format(t.recipients['form.confirmLabel'], { field: accountLabel });
  await page
    .getByRole('textbox', { name: new RegExp(`^${escapeRegExp(twin)}$`, 'i') })
    .fill(accountNumber);
  await choose(page, t.recipients['form.relationship'], t.api('relationship.sibling.title'));
  await press(dialog.getByRole('button', { name: t.recipients['form.save'], exact: true }));
  await expect(dialog).toBeHidden();
}

/**
 * The review step: checks it with axe and confirms with a purpose, a way to pay (a bank
 * transfer unless `method` is `card`) and the declaration; `scan` checks the step with axe first.
 */
export async function reviewAndConfirm(
  page: Page,
  { scan = true, method = 'bank' }: { scan?: boolean; method?: 'bank' | 'card' } = {},
): Promise<void> {
  await expect(stepHeading(page)).toHaveText(t.transfer['step.review']);
  await expect(page.getByTestId('rate-lock-time')).toBeVisible();
  await chooseFirst(page, t.transfer['review.purpose']);
  const title =
    method === 'card' ? 'quotes.paymentMethod.card.title' : 'quotes.paymentMethod.manual.title';
  const way = page
    .getByRole('group', { name: t.transfer['review.method'] })
    .getByRole('radio', { name: startsWith(t.api(title)) });
  await press(way);
  await expect(way).toBeChecked();
  await tick(page.getByRole('checkbox', { name: t.transfer['review.declaration'], exact: true }));
  if (scan) {
    await expectNoA11yViolations(page);
    await expectFitsScreen(page);
  }
  await press(page.getByRole('button', { name: t.transfer['review.confirm'], exact: true }));
}

/** On /pay/{id}: the bank's instructions, then "I've paid"; the transfer's id. */
export async function payByBankTransfer(page: Page): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/pay/${UUID}$`));
  const transactionId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
  await expect(page).toHaveTitle(t.common['route.makePayment']);
  await expect(page.getByTestId('bank-transfer-details')).toBeVisible();
  await expect(page.getByTestId('payment-reference')).not.toBeEmpty();
  await expect(page.getByTestId('payment-amount')).not.toBeEmpty();
  await expectNoA11yViolations(page);
  await expectFitsScreen(page);
  await press(page.getByRole('button', { name: t.payments['bank.sent'], exact: true }));
  return transactionId;
}

/** The transfer's page, its banner and its timeline. */
export function transferPage(page: Page) {
  return {
    banner: page.getByTestId('state-banner'),
    timeline: page
      .getByRole('list', { name: t.transactions['detail.timeline'] })
      .getByRole('listitem'),
    payment: page.getByTestId('transaction-payment'),
  };
}
