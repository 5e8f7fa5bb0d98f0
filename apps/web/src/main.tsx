import { StrictMode, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/styles';
import { App } from './app/app';
import { installPreloadErrorRecovery } from './app/preload-error';
import { prerenderedLocale, replayTypedInput, resolveRoutesAt } from './app/prerendered-page';
import { currentLocale, initLocale } from './i18n';
import { httpClient } from './lib/http-client';
import { appRoutes, createAppRouter } from './app/router';
import { registerNavigate } from './lib/navigation';
import { yieldToBrowser } from './lib/yield-to-browser';

installPreloadErrorRecovery();
// The language of the first paint: this browser's choice, else its languages (docs/product/web-app.md#languages).
initLocale();
// The server answers (messages, validation errors) in the language the screens show.
httpClient.provideHeader('Accept-Language', currentLocale);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

/** Runs `effect` once its children are on the page: after hydration, before any re-render. */
function AfterCommit({ effect, children }: { effect: () => void; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(effect, []);
  return children;
}

/**
 * Hydrates the screen the server prerendered into the page (sign-in, vite-prerender.ts) when it
 * is the one this browser would draw: the same language, and no query (the server prerenders
 * none). Otherwise, or when its code cannot be fetched, renders afresh over it.
 */
async function start(root: HTMLElement): Promise<void> {
  // The app's modules are evaluated in this task; the router is made, and its loaders started,
  // in the next: together they were the dashboard's longest task after its first paint (issue 31,
  // docs/performance.md#latest-figures).
  await yieldToBrowser();
  const hydrate =
    prerenderedLocale(root) === currentLocale() &&
    window.location.search === '' &&
    (await resolveRoutesAt(appRoutes, window.location.pathname));
  // Already answered: the prerendered screens have no loaders.
  const router = createAppRouter(hydrate ? { hydrationData: { loaderData: {} } } : {});
  // The HTTP client navigates (401 → sign-in) through this, without importing the router.
  registerNavigate((to, options) => router.navigate(to, options));
  if (hydrate) {
    // As a transition too: hydration outside one is done in a single task (sign-in's longest,
    // issue 31), in one it yields to the browser every few milliseconds. The screen is on view
    // meanwhile; an event on it makes React hydrate what it lands on at once.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <AfterCommit effect={() => replayTypedInput(root)}>
            <App router={router} />
          </AfterCommit>
        </StrictMode>,
      );
    });
  } else {
    // As a transition, the first render yields to the browser every few milliseconds instead
    // of holding the main thread for all of it (Lighthouse's blocking time, issue 13).
    const reactRoot = createRoot(root);
    startTransition(() =>
      reactRoot.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    );
  }
}

void start(container);
