import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The setting is read once, as the module loads, and a worker's files share their modules:
// each test loads it afresh, and leaves none loaded from its own page for the next file.
beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  document.head.querySelector('meta[name="corridor-marketing-site"]')?.remove();
  vi.resetModules();
});

describe('defect 11: the marketing site is a setting', () => {
  it('takes the URL the server put in the page', async () => {
    const meta = document.createElement('meta');
    meta.name = 'corridor-marketing-site';
    meta.content = 'https://www.corridor.test/';
    document.head.append(meta);
    const { MARKETING_SITE_URL } = await import('./site');
    expect(MARKETING_SITE_URL).toBe('https://www.corridor.test/');
  });

  it('is our own sign-in page without one, never an example domain', async () => {
    const { MARKETING_SITE_URL } = await import('./site');
    expect(MARKETING_SITE_URL).toBe('/');
  });
});
