import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { apiCustomer, apiSignIn } from '../support/api-customer.ts';
import { press } from '../support/press.ts';
import { english as t } from '../support/texts.ts';
import { signedInDevices, signOutOtherDevice } from '../support/devices.ts';

/** The X-XSRF-TOKEN header the SPA would send, from the page's XSRF-TOKEN cookie. */
async function xsrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie, 'XSRF-TOKEN cookie').toBeDefined();
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''), Accept: 'application/json' };
}

/**
 * A new, verified customer made through the API and signed in on `page`, which shows the
 * onboarding step still owed (a country); its email. Signing up and in through the screens is
 * accounts.spec.ts's journey.
 */
async function signedInToOnboarding(page: Page, prefix: string): Promise<string> {
  const { email } = await apiCustomer(page.context(), { prefix, stage: 'verified' });
  await page.goto('/workflow/onboarding');
  await expect(page.getByRole('heading', { name: t.onboarding['step.country'] })).toBeVisible();
  return email;
}

/**
 * How long a signed-out page may take to be told. The product tells it within about 2 s; a
 * machine busy with two browsers, the server and password hashing can take longer without
 * anything being wrong, so the journey waits for the outcome, not for the promise (the pages
 * are not reloaded meanwhile: only the event can take them there).
 */
const TOLD_LIVE = { timeout: 20_000 };

// Being told of a sign-out is the same at any size (@any-screen): the devices screen and the
// sign-out button on a phone are accounts.spec.ts's journey.

test('a device signed out elsewhere lands on sign-in without reloading @any-screen', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const email = await signedInToOnboarding(page, 'realtime');

  // Device B signs in and stays where it lands, subscribed to the customer's channel.
  const other = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const otherPage = await other.newPage();
  const subscribed = otherPage.waitForResponse(
    (response) => response.url().endsWith('/broadcasting/auth') && response.status() === 200,
  );
  await apiSignIn(other, email);
  await otherPage.goto('/workflow/onboarding');
  await subscribed;

  // Device A signs B out.
  await page.goto('/devices');
  const devices = signedInDevices(page);
  await expect(devices).toHaveCount(2);
  await signOutOtherDevice(page);

  // B is told over the socket, without navigating or reloading.
  await expect(otherPage).toHaveURL(/\/(\?|$)/, TOLD_LIVE);
  await expect(otherPage).toHaveTitle(t.accounts['signIn.title']);
  await expect(devices).toHaveCount(1);
  await other.close();
});

test('signing out in one tab signs out the other tabs of the browser @any-screen', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signedInToOnboarding(page, 'realtime-tabs');

  // A second tab of the same browser shares the session and listens on the channel.
  const otherTab = await page.context().newPage();
  const subscribed = otherTab.waitForResponse(
    (response) => response.url().endsWith('/broadcasting/auth') && response.status() === 200,
  );
  await otherTab.goto('/dashboard');
  await subscribed;

  await press(page.getByRole('button', { name: t.common['action.signOut'], exact: true }));
  // The tab that signed out goes to sign-in as usual…
  await expect(page).toHaveURL('/');
  // …and the other one follows, without a reload.
  await expect(otherTab).toHaveTitle(t.accounts['signIn.title'], TOLD_LIVE);
  await otherTab.close();
});

test(
  "a customer cannot subscribe to another customer's channel",
  { tag: '@any-screen' },
  async ({ page }) => {
    await apiCustomer(page.context(), { prefix: 'realtime-auth', stage: 'signed-up' });
    const headers = await xsrfHeader(page);

    const response = await page.request.post('/broadcasting/auth', {
      headers,
      data: { socket_id: '123.456', channel_name: `private-client-customer.${randomUUID()}` },
    });

    expect(response.status()).toBe(403);
  },
);
