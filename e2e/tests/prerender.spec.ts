import { expect, test } from '../support/test.ts';

test('sign-in’s page holds the screen before any script has run, and what was typed before the app started is what signs in', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // No script arrives until released: the page alone must show the screen (vite-prerender.ts).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  // Until the app runs it, the form cannot be sent natively (its password in a URL).
  const submit = page.getByRole('button', { name: 'Continue', exact: true });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Email' }).fill('early@example.com');
  await page.getByRole('checkbox', { name: 'Remember me' }).check();

  release();
  await expect(submit).toBeEnabled();
  // Typed after the app started: the re-render it causes must not wipe what came before.
  await page.getByLabel('Password', { exact: true }).fill('a-password-of-mine');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('early@example.com');

  const login = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith('/login'),
  );
  await submit.click();
  expect((await login).postDataJSON()).toEqual({
    email: 'early@example.com',
    password: 'a-password-of-mine',
    remember: true,
  });
  await expect(page.getByRole('alert')).toBeVisible();
  expect(page.url()).not.toContain('password');
  // Hydration found the page as the app draws it: React reports any mismatch as an error.
  expect(errors.filter((text) => !/status of 4\d\d/.test(text))).toEqual([]);
});

// The first test runs at both sizes: the app's first render on a phone must match the page too.
// What is fetched before the first paint, and the language of the page, are the same at any
// size (@any-screen).
test('sign-in’s page asks for none of the app’s scripts before its first paint @any-screen', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeEnabled();
  const { firstPaint, scripts } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, startTime: entry.startTime })),
  }));
  expect(firstPaint).toBeGreaterThan(0);
  // The page's own script, then the app's: index and the screen's chunks, after the paint
  // (start-after-first-paint.ts).
  const [own, ...app] = scripts;
  expect(own?.path).toMatch(/^\/assets\/start-after-first-paint-[\w-]+\.js$/);
  expect(app.map(({ path }) => path)).toContainEqual(expect.stringMatching(/^\/assets\/index-/));
  for (const script of app) expect(script.startTime, script.path).toBeGreaterThan(firstPaint ?? 0);
});

test.describe('in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser gets the screen in Spanish, and the app takes it over @any-screen', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'es');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continuar', exact: true })).toBeEnabled();
  });
});
