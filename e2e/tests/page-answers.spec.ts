import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { apiCustomer } from '../support/api-customer.ts';
import { english, spanish, type Texts } from '../support/texts.ts';

// Decision 29: a signed-in browser's page comes with the answers its first render waits for.
// The dashboard's are the customer, the tasks and the calculator's first quote.

const FIRST_ANSWERS = /^\/client\/v1\/(profile|tasks|quote)$/;

/** The first answers the page asked the server for, and in which language. */
function recordFirstAnswers(page: Page): { path: string; language: string | undefined }[] {
  const asked: { path: string; language: string | undefined }[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (FIRST_ANSWERS.test(pathname)) {
      asked.push({ path: pathname, language: request.headers()['accept-language'] });
    }
  });
  return asked;
}

async function expectDashboard(page: Page, t: Texts): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: t.dashboard.title })).toBeVisible();
  await expect(page.getByRole('form', { name: t.quotes['calculator.label'] })).toBeVisible();
  await expect(page.getByRole('list', { name: t.dashboard['tasks.list'] })).toBeVisible();
}

test(
  'a signed-in page comes with its first answers: the dashboard draws without asking for them',
  { tag: '@any-screen' },
  async ({ page }) => {
    await apiCustomer(page.context(), { prefix: 'page-answers', stage: 'verified' });

    const asked = recordFirstAnswers(page);
    const response = await page.goto('/dashboard');
    // The customer's own data: no cache may keep the page.
    expect(response?.headers()['cache-control']).toBe('no-store');
    await expectDashboard(page, english);
    expect(asked).toEqual([]);
    // Taken once: the calculator's next quote is the server's.
    await page.getByRole('textbox', { name: english.quotes['send.label'] }).fill('250');
    await expect.poll(() => asked.map(({ path }) => path)).toContain('/client/v1/quote');
  },
);

test(
  'in a language chosen on this browser, not the page’s, the app asks for them again',
  { tag: '@any-screen' },
  async ({ page }) => {
    await apiCustomer(page.context(), { prefix: 'page-answers-es', stage: 'verified' });
    await page.goto('/workflow/onboarding');
    // Chosen here, not the browser's language, which the page (and its answers) follow.
    await page.evaluate(() => localStorage.setItem('corridor-locale', 'es'));

    const asked = recordFirstAnswers(page);
    const response = await page.goto('/dashboard');
    expect(await response?.text()).toContain('<html lang="en"');
    await expectDashboard(page, spanish);
    expect(asked.map(({ path }) => path).sort()).toEqual([
      '/client/v1/profile',
      '/client/v1/quote',
      '/client/v1/tasks',
    ]);
    expect(asked.every(({ language }) => language === 'es')).toBe(true);
  },
);
