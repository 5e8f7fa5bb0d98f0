import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

// The server says sandboxes run on a public URL by the meta it puts in every page (server tests:
// plugins/spa.test.ts); the journeys' server is on loopback, where it says nothing (decision 34),
// so the page is given the meta here, as that server would write it.
const withSandboxMeta = (html: string) =>
  html.replace('</head>', '<meta name="corridor-sandbox" content="on">\n  </head>');

/** Every page the browser opens carries the meta. */
async function sandboxPages(page: Page) {
  await page.route(
    (url) => !url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/client/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.continue();
      const response = await route.fetch();
      await route.fulfill({ response, body: withSandboxMeta(await response.text()) });
    },
  );
}

test('issue 28: the sandbox banner joins the prerendered sign-in after its hydration, and stays on the next screen @any-screen', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await sandboxPages(page);

  await page.goto('/');
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  const banner = page.getByRole('note');
  await expect(banner).toHaveText('Sandbox: no real money moves');
  await page.getByRole('link', { name: 'Sign up instead' }).click();
  await expect(page).toHaveURL(/\/sign-up/);
  await expect(banner).toHaveText('Sandbox: no real money moves');
  expect(errors.filter((text) => !/status of 4\d\d/.test(text))).toEqual([]);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('issue 28: the banner speaks the browser’s language @any-screen', async ({ page }) => {
    await sandboxPages(page);
    await page.goto('/');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'es');
    await expect(page.getByRole('note')).toHaveText('Sandbox: no se mueve dinero real');
  });
});
