import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { apiSignIn } from '../support/api-customer.ts';
import { signIn, signUp, uniqueEmail, verifyEmail } from '../support/journeys.ts';
import { press } from '../support/press.ts';
import { english as t } from '../support/texts.ts';
import { signedInDevices, signOutOtherDevice } from '../support/devices.ts';

test('sign up, verify the email, sign out, sign in with a second factor, and manage devices', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');

  await signUp(page, email);
  await expectNoA11yViolations(page);
  await verifyEmail(page, email);
  await expect(page.getByRole('heading', { name: t.onboarding['step.country'] })).toBeVisible();

  await press(page.getByRole('button', { name: t.common['action.signOut'], exact: true }));
  await expect(page).toHaveURL('/');
  await expect(page).toHaveTitle(t.accounts['signIn.title']);

  // Onboarding is unfinished (no country yet): signing in goes back to it.
  await signIn(page, email, 'onboarding');

  // A second browser signs in to the same account (through the API: the screens are the first's).
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const otherPage = await other.newPage();
  await apiSignIn(other, email);
  await otherPage.goto('/workflow/onboarding');
  await expect(
    otherPage.getByRole('heading', { name: t.onboarding['step.country'] }),
  ).toBeVisible();

  // The first sees both devices and signs the second out.
  await page.goto('/devices');
  await expect(page).toHaveTitle(t.sessions['screen.title']);
  const devices = signedInDevices(page);
  await expect(devices).toHaveCount(2);
  await expect(page.getByText(t.sessions['device.current'])).toBeVisible();
  await expectNoA11yViolations(page);
  await signOutOtherDevice(page);
  await expect(devices).toHaveCount(1);

  // The second lands on sign-in: told at once over the realtime connection (realtime.spec.ts
  // times it), and in any case by its next request.
  await expect(otherPage).toHaveURL(/\/\?redirect=/);
  await expect(otherPage).toHaveTitle(t.accounts['signIn.title']);
  await otherPage.goto('/devices');
  await expect(otherPage).toHaveURL(/\/\?redirect=%2Fdevices/);
  await other.close();
});
