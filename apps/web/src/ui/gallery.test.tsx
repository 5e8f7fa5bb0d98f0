import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { commonMessages, setLocale } from '@/i18n';
import { renderRoutes } from '@/test/render';
import { GalleryPage } from '../../gallery/gallery';
import { uiMessages } from './messages';

beforeAll(() =>
  Promise.all([uiMessages.load('en'), uiMessages.load('es'), commonMessages.load('es')]),
);

/** Text that is a catalogue key ("select.choose"): a word the parts failed to look up. */
function rawKeys(): string[] {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const keys: string[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (/^[a-z]+(\.[a-zA-Z]+)+$/.test(text)) keys.push(text);
  }
  return keys;
}

describe('the design system gallery (npm run gallery:build)', () => {
  afterEach(async () => {
    await setLocale('en', { remember: false });
  });

  it.each(['en', 'es'] as const)(
    'shows every part in %s, every word from the catalogues',
    async (locale) => {
      await setLocale(locale, { remember: false });
      renderRoutes(
        [{ path: '/', element: <GalleryPage locale={locale} scheme="light" withFrames={false} /> }],
        '/',
      );
      const parts = await screen.findAllByRole('region');
      expect(parts.map((part) => part.id)).toEqual(
        expect.arrayContaining([
          'theme',
          'app-shell',
          'page-header',
          'money',
          'amountfield',
          'countryflag',
          'countryselect-and-currencyselect',
          'filedrop',
          'status-badge',
          'timeline',
          'empty-state',
          'confirm-dialog',
          'copy-button',
          'toasts',
          'load-error-and-can-t-reach-panel',
          'checkbox-and-appearance-switch',
          'initialsavatar',
          'choicelist',
          'definitionlist',
          'pager',
        ]),
      );
      expect(rawKeys()).toEqual([]);
    },
  );
});
