import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { signIn, signUp, uniqueEmail, verifyEmail } from '../support/journeys.ts';

test('sign up, verify the email, sign out, sign in with a second factor, and manage devices', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');

  await signUp(page, email);
  await expectNoA11yViolations(page);
  await verifyEmail(page, email);
  await expect(page.getByRole('heading', { name: 'Your country' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle('Sign in');

  await signIn(page, email);

  // A second browser signs in to the same account.
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const otherPage = await other.newPage();
  await signIn(otherPage, email);

  // The first sees both devices and signs the second out.
  await page.goto('/devices');
  await expect(page).toHaveTitle('Devices');
  const devices = page.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(page.getByText('This device')).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: /^Sign out (?!$)/ }).click();
  await page
    .getByRole('dialog', { name: 'Sign out this device?' })
    .getByRole('button', { name: 'Sign out' })
    .click();
  await expect(devices).toHaveCount(1);

  // The second lands on sign-in: told at once over the realtime connection (realtime.spec.ts
  // times it), and in any case by its next request.
  await expect(otherPage).toHaveURL(/\/\?redirect=/);
  await expect(otherPage).toHaveTitle('Sign in');
  await otherPage.goto('/devices');
  await expect(otherPage).toHaveURL(/\/\?redirect=%2Fdevices/);
  await other.close();
});
