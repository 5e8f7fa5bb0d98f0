/**
 * The public screens that need no data, rendered to HTML by the build (vite-prerender.ts), in
 * each language: the server sends the screen itself, styled, before any script has arrived, and
 * the app hydrates it (main.tsx). Runs under Node, never in the browser.
 */
import type { Locale } from '@corridor/contracts/wire/locales';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { renderIn } from '@/i18n/locale-store';
import { AppProviders } from './providers';
import { appRoutes } from './router';

/** The markup of `#root` at `path` in `locale`, as the app's first render in a browser draws it. */
export async function renderRoute(path: string, locale: Locale): Promise<string> {
  renderIn(locale);
  const handler = createStaticHandler(appRoutes);
  // Resolves the route's lazy screen, which brings its words in `locale` (router.tsx).
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}, no page`);
  if (context.statusCode !== 200) throw new Error(`${path} rendered status ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <AppProviders>
        {/* No hydration data: the prerendered screens have no loaders (main.tsx). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
}
