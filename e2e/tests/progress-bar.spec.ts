import { expect, test } from '../support/test.ts';
import { signedInCustomer } from '../support/customer.ts';

// The bar is the same at any size (@any-screen).
test('the slim progress bar shows during a slow request, without a spinner, and goes away @any-screen', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/client/v1/profile', async (route) => {
    await held;
    await route.fulfill({ status: 200, contentType: 'application/json', json: signedInCustomer });
  });

  await page.goto('/dashboard', { waitUntil: 'commit' });
  const bar = page.locator('#progress-bar .progress-bar__fill');
  await expect(bar).toBeVisible();
  // No spinner: the bar holds its fill and nothing else.
  await expect(page.locator('#progress-bar *')).toHaveCount(1);
  // It trickles while the request is outstanding (held until released, so the wait is the
  // config's, sized for a busy machine).
  const first = await bar.evaluate((el) => getComputedStyle(el).transform);
  await expect.poll(() => bar.evaluate((el) => getComputedStyle(el).transform)).not.toBe(first);

  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#progress-bar')).toHaveCount(0);
});
