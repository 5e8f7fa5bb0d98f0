import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y.ts';
import { mockSignedIn } from '../support/customer.ts';
import { press } from '../support/press.ts';

// SPEC §2, with the titles DESIGN §9 gives the routes the specification leaves untitled.
const routes = [
  { path: '/', title: 'Sign in', signedIn: false },
  { path: '/mfa', title: 'More authentication required', signedIn: false },
  { path: '/forgot-password', title: 'Forgot password', signedIn: false },
  { path: '/reset-password/dG9rZW4', title: 'Reset password', signedIn: false },
  { path: '/sign-up', title: 'Register your account', signedIn: false },
  { path: '/workflow/onboarding', title: 'Complete Signup', signedIn: true },
  { path: '/dashboard', title: 'Dashboard', signedIn: true },
  { path: '/transfer/8d3c2f9e-1111-4c1a-9a7b-2b2b2b2b2b2b', title: 'Send Money', signedIn: true },
  { path: '/pay/8d3c2f9e-2222-4c1a-9a7b-2b2b2b2b2b2b', title: 'Make Payment', signedIn: true },
  {
    path: '/payment/cb/8d3c2f9e-3333-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Processing Payment',
    signedIn: true,
  },
  { path: '/transactions', title: 'Transactions', signedIn: true },
  {
    path: '/transaction/8d3c2f9e-4444-4c1a-9a7b-2b2b2b2b2b2b',
    title: 'Transaction',
    signedIn: true,
  },
  { path: '/recipients', title: 'Recipients', signedIn: true },
  { path: '/recipient/8d3c2f9e-5555-4c1a-9a7b-2b2b2b2b2b2b', title: 'Recipient', signedIn: true },
  { path: '/account-verification', title: 'Account verification', signedIn: true },
  { path: '/account-verification/upload/POI', title: 'Upload documents', signedIn: true },
  { path: '/settings', title: 'Settings', signedIn: true },
  { path: '/devices', title: 'Devices', signedIn: true },
] as const;

test('the route table has all 18 routes of the specification', { tag: '@any-screen' }, () => {
  expect(routes).toHaveLength(18);
});

for (const route of routes) {
  test(`${route.path} renders "${route.title}"`, async ({ page }) => {
    if (route.signedIn) await mockSignedIn(page);
    await page.goto(route.path);
    await expect(page).toHaveTitle(route.title);
    await expect(page.getByRole('heading', { level: 1, name: route.title })).toBeVisible();
    await expect(page).toHaveURL(route.path);
    await expectNoA11yViolations(page);
  });
}

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
