import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '@/app/app';
import { SignedInProviders } from '@/app/layouts/signed-in-providers';
import { registerNavigate } from '@/lib/navigation';

function renderApp(routes: RouteObject[], initialPath: string, signedIn: boolean) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  registerNavigate((to, options) => router.navigate(to, options));
  const app = <App router={router} env="test" />;
  return { router, ...render(signedIn ? <SignedInProviders>{app}</SignedInProviders> : app) };
}

/**
 * Renders routes in a memory router with the app's providers, wired up as in main.tsx, and the
 * query cache the signed-in layout gives its screens, so they can be rendered without it.
 */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  return renderApp(routes, initialPath, true);
}

/** Renders public screens as they run: without the signed-in layout's query cache. */
export function renderPublicRoutes(routes: RouteObject[], initialPath: string) {
  return renderApp(routes, initialPath, false);
}

/** The show/hide button of the password field `input` (every toggle is named "Show password"). */
export function visibilityToggle(input: HTMLElement): HTMLElement {
  for (let node = input.parentElement; node !== null; node = node.parentElement) {
    const button = node.querySelector<HTMLElement>('button[aria-label="Show password"]');
    if (button !== null) return button;
  }
  throw new Error('This field has no visibility toggle');
}

interface HappyDomWindow {
  happyDOM?: { setViewport(viewport: { width?: number; height?: number }): void };
}

/** Resizes the test window (happy-dom), so media queries see a phone or a desktop. */
export function setViewportWidth(width: number): void {
  (window as unknown as HappyDomWindow).happyDOM?.setViewport({ width });
}
