import { Title } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import type { UIMatch } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { titleFromMatches } from './document-title';
import { RootLayout } from './layouts/root-layout';

function match(id: string, handle: unknown): UIMatch {
  return { id, pathname: '/', params: {}, data: undefined, loaderData: undefined, handle };
}

describe('titleFromMatches', () => {
  it("uses the deepest matched route's title", () => {
    expect(
      titleFromMatches([match('root', undefined), match('dashboard', { title: 'Dashboard' })]),
    ).toBe('Dashboard');
  });

  it.each([
    ['no matches', []],
    ['a route without a handle', [match('root', undefined), match('leaf', undefined)]],
    ['a handle without a title', [match('leaf', {})]],
    ['an empty title', [match('leaf', { title: '' })]],
    ['a title that is not a string', [match('leaf', { title: 42 })]],
    [
      'a titled parent but an untitled leaf',
      [match('parent', { title: 'Parent' }), match('leaf', null)],
    ],
  ])('falls back to "Default Title" for %s', (_case, matches) => {
    expect(titleFromMatches(matches)).toBe('Default Title');
  });
});

describe('DocumentTitle', () => {
  it('sets document.title to "Default Title" when the matched route has no title', async () => {
    document.title = 'Something else';
    renderRoutes(
      [
        {
          Component: RootLayout,
          children: [{ path: '/untitled', Component: () => <Title order={1}>Untitled</Title> }],
        },
      ],
      '/untitled',
    );
    await screen.findByRole('heading', { level: 1, name: 'Untitled' });
    await waitFor(() => expect(document.title).toBe('Default Title'));
  });
});

describe('the title in the customer’s language (issue 14)', () => {
  it('names the route in Spanish once the shared words are in Spanish, and in English again', async () => {
    const { setLocale } = await import('@/i18n');
    await setLocale('es', { remember: false });
    try {
      renderRoutes(
        [
          {
            Component: RootLayout,
            children: [
              {
                path: '/dashboard',
                handle: { title: 'Dashboard', name: 'dashboard' },
                Component: () => <Title order={1}>Inicio</Title>,
              },
            ],
          },
        ],
        '/dashboard',
      );
      await waitFor(() => expect(document.title).toBe('Inicio'));
      await setLocale('en', { remember: false });
      await waitFor(() => expect(document.title).toBe('Dashboard'));
    } finally {
      await setLocale('en', { remember: false });
    }
  });
});
