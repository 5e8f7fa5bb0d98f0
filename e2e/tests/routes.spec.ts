import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { mockSignedIn } from '../support/customer.ts';
import { press } from '../support/press.ts';
import { english, spanish, type Texts } from '../support/texts.ts';

// docs/product/routes-and-screens.md#routes: every route with its title; `name`
// is the route's key in the catalogues (`route.<name>`), for its title in Spanish.
const routes = [
  { name: 'signIn', path: '/', title: 'Sign in', signedIn: false },
  { name: 'multiFactorAuth', path: '/mfa', title: 'More authentication required', signedIn: false },
  { name: 'forgotPassword', path: '/forgot-password', title: 'Forgot password', signedIn: false },
  {
    name: 'resetPassword',
    path: '/reset-password/dG9rZW4',
    title: 'Reset password',
    signedIn: false,
  },
  { name: 'signUp', path: '/sign-up', title: 'Register your account', signedIn: false },
  {
    name: 'onboardingWorkflow',
    path: '/workflow/onboarding',
    title: 'Complete Signup',
    signedIn: true,
  },
  { name: 'dashboard', path: '/dashboard', title: 'Dashboard', signedIn: true },
  {
    name: 'transferWizard',
    path: '/transfer/8d3c2f9e-1111-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Send Money',
    signedIn: true,
  },
  {
    name: 'makePayment',
    path: '/pay/8d3c2f9e-2222-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Make Payment',
    signedIn: true,
  },
  {
    name: 'paymentCallback',
    path: '/payment/cb/8d3c2f9e-3333-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Processing Payment',
    signedIn: true,
  },
  { name: 'transactions', path: '/transactions', title: 'Transactions', signedIn: true },
  {
    name: 'viewTransaction',
    path: '/transaction/8d3c2f9e-4444-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Transaction',
    signedIn: true,
  },
  { name: 'recipients', path: '/recipients', title: 'Recipients', signedIn: true },
  {
    name: 'viewRecipient',
    path: '/recipient/8d3c2f9e-5555-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Recipient',
    signedIn: true,
  },
  {
    name: 'accountVerification',
    path: '/account-verification',
    title: 'Account verification',
    signedIn: true,
  },
  {
    name: 'categoryView',
    path: '/account-verification/upload/POI',
    title: 'Upload documents',
    signedIn: true,
  },
  { name: 'settings', path: '/settings', title: 'Settings', signedIn: true },
  { name: 'devices', path: '/devices', title: 'Devices', signedIn: true },
] as const;

test('the route table has all 18 routes of the specification', { tag: '@any-screen' }, () => {
  expect(routes).toHaveLength(18);
});

/**
 * Issue 14: zero axe violations on every screen in both languages and both colour schemes:
 * English in light, with the specification's titles, and Spanish in dark, each as one test that
 * tours every route in one browser (a step per route, named by the route). Between them every
 * screen is scanned in each language and in each scheme, at both sizes; the other two pairings
 * add no colour or word the two do not already show, and would cost CI two more tours. A tour,
 * not a test per route (issue 27: CI's time): each test opens a new browser with an empty cache,
 * and the app's first load in it cost about as much as the route's own checks (a route took
 * ~11 s as a test of its own, ~5.5 s as a step of the Spanish tour).
 */
async function expectRoute(page: Page, route: (typeof routes)[number], texts: Texts) {
  // The English titles are SPEC's exact words; the Spanish ones are the catalogue's.
  const title = texts.locale === 'en' ? route.title : texts.common[`route.${route.name}`];
  await page.goto(route.path);
  await expect(page).toHaveTitle(title);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(route.path);
  await expect(page.locator('html')).toHaveAttribute('lang', texts.locale);
  await expectNoA11yViolations(page);
  // Nothing wider than the screen: on a phone a wide part scrolls the whole page sideways.
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page, 'the page is wider than the screen').toBeLessThanOrEqual(widths.screen);
}

/**
 * Every route in one browser: signed out first, then with the signed-in mocks (which answer every
 * API call made).
 */
async function tourRoutes(page: Page, texts: Texts) {
  // Eighteen screens, each loaded and scanned: the per-screen budget times the screens.
  test.setTimeout(routes.length * 15_000);
  const step = (route: (typeof routes)[number]) =>
    test.step(route.path, () => expectRoute(page, route, texts));
  for (const route of routes.filter((r) => !r.signedIn)) await step(route);
  await mockSignedIn(page);
  for (const route of routes.filter((r) => r.signedIn)) await step(route);
}

test('every route in English, light', async ({ page }) => {
  await tourRoutes(page, english);
});

test.describe(() => {
  test.use({ locale: 'es-ES', colorScheme: 'dark' });
  test('every route in Spanish, dark', async ({ page }) => {
    await tourRoutes(page, spanish);
  });
});

test('an unknown path shows the not-found page', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // History mode: the server answers with the app, which shows its own not-found page.
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await expectNoA11yViolations(page);
});

test('navigating inside the app updates the title', async ({ page }) => {
  await mockSignedIn(page);
  await page.goto('/dashboard');
  await expect(page).toHaveTitle('Dashboard');
  // The navigation a customer can see at this size (a side bar, or a phone's tab bar).
  await press(page.getByRole('link', { name: 'Transactions' }).filter({ visible: true }).first());
  await expect(page).toHaveTitle('Transactions');
  await expect(page).toHaveURL('/transactions');
});
