import { expect, test } from '../support/test.ts';
import { expectNoA11yViolations } from '../support/a11y.ts';

const unauthenticated = {
  status: 401,
  contentType: 'application/json',
  json: { message: 'Unauthenticated.' },
};

for (const path of [
  '/dashboard',
  '/transactions?page=2',
  '/account-verification/upload/POA',
  '/devices',
]) {
  // The redirect is the router's, whatever the screen; routes.spec.ts checks sign-in on a phone.
  test(
    `a 401 while opening ${path} lands on sign-in with a redirect back`,
    { tag: '@any-screen' },
    async ({ page }) => {
      await page.route('**/client/v1/profile', (route) => route.fulfill(unauthenticated));
      await page.goto(path);
      await expect(page).toHaveURL(`/?redirect=${encodeURIComponent(path)}`);
      await expect(page).toHaveTitle('Sign in');
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
      await expectNoA11yViolations(page);
    },
  );
}
