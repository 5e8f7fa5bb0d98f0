import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signIn, signUp, uniqueEmail, verifyEmail } from '../support/journeys.ts';
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
 * A new, verified customer signed in (second factor included), on the onboarding step still owed
 * (a country); its email.
 */
async function signedInToOnboarding(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signUp(page, email);
  await verifyEmail(page, email);
  await expect(page.getByRole('heading', { name: t.onboarding['step.country'] })).toBeVisible();
  await press(page.getByRole('button', { name: t.common['action.signOut'], exact: true }));
  await expect(page).toHaveURL('/');
  await signIn(page, email, 'onboarding');
  return email;
}

test('a device signed out elsewhere lands on sign-in without reloading', async ({
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
  await signIn(otherPage, email, 'onboarding');
  await subscribed;

  // Device A signs B out.
  await page.goto('/devices');
  const devices = signedInDevices(page);
  await expect(devices).toHaveCount(2);
  await signOutOtherDevice(page);

  // B is told over the socket, without navigating or reloading.
  await expect(otherPage).toHaveURL(/\/(\?|$)/, { timeout: 2000 });
  await expect(otherPage).toHaveTitle(t.accounts['signIn.title']);
  await expect(devices).toHaveCount(1);
  await other.close();
});

test('signing out in one tab signs out the other tabs of the browser', async ({ page }) => {
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
  // …and the other one follows within 2 seconds, without a reload.
  await expect(otherTab).toHaveTitle(t.accounts['signIn.title'], { timeout: 2000 });
  await otherTab.close();
});

test(
  "a customer cannot subscribe to another customer's channel",
  { tag: '@any-screen' },
  async ({ page }) => {
    await signUp(page, uniqueEmail('realtime-auth'));
    const headers = await xsrfHeader(page);

    const response = await page.request.post('/broadcasting/auth', {
      headers,
      data: { socket_id: '123.456', channel_name: `private-client-customer.${randomUUID()}` },
    });

    expect(response.status()).toBe(403);
  },
);
