/**
 * The one script of a page whose screen the build prerendered (sign-in, decision 28). The server
 * holds the app's scripts and preloads in the page's `<template id="after-first-paint">`
 * (apps/server/src/plugins/spa-route-pages.ts); this puts them in the head once the screen has
 * painted, so that nothing the screen does not need competes with its page and stylesheets for
 * the network, and the first paint waits for no script (issue 13's largest paint). What is typed
 * meanwhile is kept: the app replays it when it hydrates (app/prerendered-page.ts).
 *
 * Kept apart from the app's code and free of imports: it is on every such page's critical path.
 */

/** Longest wait for the browser to report the first paint: past it the app starts regardless. */
const PAINT_WAIT_LIMIT_MS = 1000;

function startApp(): void {
  const held = document.getElementById('after-first-paint');
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  // Cloned into this document: a template's own scripts never run, their copies do.
  document.head.append(document.importNode(held.content, true));
}

/**
 * Runs `start` once, after the browser reports the page's first contentful paint; at once in a
 * hidden tab, which paints nothing until shown; and after PAINT_WAIT_LIMIT_MS at the latest, so
 * that a browser that reports no paint still starts the app.
 */
function afterFirstPaint(start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };
  const observer = PerformanceObserver.supportedEntryTypes.includes('paint')
    ? new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length > 0) once();
      })
    : undefined;
  if (document.visibilityState === 'hidden' || observer === undefined) {
    once();
    return;
  }
  observer.observe({ type: 'paint', buffered: true });
  document.addEventListener('visibilitychange', once, { once: true });
  setTimeout(once, PAINT_WAIT_LIMIT_MS);
}

afterFirstPaint(startApp);
