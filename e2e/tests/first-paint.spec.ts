import { expect, test } from '../support/test.ts';

interface FirstRender {
  stylesheets: number;
  loaded: number;
}

// The order of loading is the same at any size (@any-screen).
test('a page the build did not prerender paints its boot shell before the stylesheets arrive, and the app renders only once they have @any-screen', async ({
  page,
}) => {
  // The stylesheets sit at the end of the body, after the shell (issue 13: in the head they held
  // back its first paint). The app's module scripts must still wait for them: it never renders
  // unstyled. Noted as the first screen appears, before anything else can run.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('#root form') === null) return;
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      (window as { firstRender?: FirstRender }).firstRender = {
        stylesheets: links.length,
        loaded: links.filter((link) => link.sheet !== null).length,
      };
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.css', async (route) => {
    await held;
    await route.continue();
  });

  // Sign-in's page holds the screen itself (prerender.spec.ts); password recovery's the shell.
  await page.goto('/forgot-password', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: 'Loading Corridor…' })).toBeVisible();
  expect(await page.evaluate(() => (window as { firstRender?: FirstRender }).firstRender)).toBe(
    undefined,
  );

  release();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  const firstRender = await page.evaluate(
    () => (window as { firstRender?: FirstRender }).firstRender,
  );
  expect(firstRender?.stylesheets).toBeGreaterThan(0);
  expect(firstRender?.loaded).toBe(firstRender?.stylesheets);
});
