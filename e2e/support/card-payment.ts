import { expect, type Page } from '@playwright/test';
import { press } from './press.ts';
import { UUID } from './send-money.ts';
import { english as t } from './texts.ts';

/**
 * Paying by card in the browser (issue 30): the app's Pay button to the sandbox's hosted card
 * page (docs/sandbox-providers.md#payments), the card typed there, the 3-D Secure challenge, and
 * the way back to `/payment/cb/{transactionId}`. Words from the catalogues (support/texts.ts).
 */

/** The sandbox's test cards. */
export const testCards = {
  approves: '4242 4242 4242 4242',
  declines: '4000 0000 0000 0002',
  threeDSecure: '4000 0000 0000 3220',
} as const;

/** The transfer's id, on /pay/{id}. */
export async function onPaymentScreen(page: Page): Promise<string> {
  await expect(page).toHaveURL(new RegExp(`/pay/${UUID}$`));
  await expect(page).toHaveTitle(t.common['route.makePayment']);
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/**
 * From /pay/{id}: the Pay button to the hosted page, the card typed there and paid, the
 * challenge passed or failed when the card asks for one; then back at the callback screen.
 */
export async function payByCard(
  page: Page,
  transactionId: string,
  card: string,
  { challenge }: { challenge?: 'pass' | 'fail' } = {},
): Promise<void> {
  const pay = page.getByTestId('card-payment').getByRole('link');
  await expect(pay).toBeVisible();
  await press(pay);
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await expect(page).toHaveTitle(t.api('card.page.title'));
  await page.getByLabel(t.api('card.page.number'), { exact: true }).fill(card);
  await page.getByLabel(t.api('card.page.expiry'), { exact: true }).fill('12/34');
  await page.getByLabel(t.api('card.page.cvc'), { exact: true }).fill('123');
  await page.getByLabel(t.api('card.page.holder'), { exact: true }).fill('Ada Lovelace');
  await press(page.getByRole('button', { name: /^Pay / }));
  if (challenge !== undefined) {
    const answer = challenge === 'pass' ? 'card.challenge.pass' : 'card.challenge.fail';
    await press(page.getByRole('button', { name: t.api(answer), exact: true }));
  }
  await expect(page).toHaveURL(`/payment/cb/${transactionId}`, { timeout: 30_000 });
  await expect(page).toHaveTitle(t.common['route.paymentCallback']);
}
