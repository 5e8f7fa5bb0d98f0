import { expect, test } from '../support/test.ts';
import { PASSWORD, uniqueEmail } from '../support/journeys.ts';

// The server's Content-Security-Policy allows no 'unsafe-eval'; a library that probes for eval
// (zod's compiled parsers did) breaks it in every signed-in screen. Chromium tells the page of
// every refusal through `securitypolicyviolation`.
test(
  'a signed-in customer opens the dashboard without one Content-Security-Policy violation',
  { tag: '@any-screen' },
  async ({ page }) => {
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`),
      );
    });
    // Signed up through the API with the page's own cookies, as the sign-up screen would.
    await page.request.get('/sanctum/csrf-cookie');
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const email = uniqueEmail('csp');
    const signUp = await page.request.post('/client/v1/signup', {
      headers: { 'x-xsrf-token': decodeURIComponent(xsrf), accept: 'application/json' },
      data: { email, password: PASSWORD, confirm_password: PASSWORD },
    });
    expect(signUp.status()).toBe(201);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // The tasks are checked with the wire schemas: zod has run once they show.
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  },
);
