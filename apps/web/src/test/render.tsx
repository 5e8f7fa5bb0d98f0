import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { App } from '@/app/app';
import { registerNavigate } from '@/lib/navigation';

/** Renders routes in a memory router with the app's providers, wired up as in main.tsx. */
export function renderRoutes(routes: RouteObject[], initialPath: string) {
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  registerNavigate((to, options) => router.navigate(to, options));
  return { router, ...render(<App router={router} env="test" />) };
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
