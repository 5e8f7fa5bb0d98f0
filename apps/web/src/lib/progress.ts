import NProgress from 'nprogress';
import { useEffect } from 'react';

// SPEC §9: a slim bar that trickles every 300 ms and never shows a spinner. The default template
// gives the bar role="bar", which is not an ARIA role (axe: aria-roles); the bar is decoration, so
// it is hidden from assistive technology instead. Ids and classes stay nprogress's own.
NProgress.configure({
  trickleSpeed: 300,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
});

// Navigations and HTTP requests overlap; the bar stays up until the last of them ends.
let active = 0;

/** One more piece of work in progress; shows the bar when it is the first. */
export function startProgress(): void {
  active += 1;
  if (active === 1) NProgress.start();
}

/** One piece of work finished; hides the bar when it was the last. Extra calls are ignored. */
export function doneProgress(): void {
  if (active === 0) return;
  active -= 1;
  if (active === 0) NProgress.done();
}

/** How many pieces of work currently hold the bar up. */
export function activeProgressCount(): number {
  return active;
}

/** Keeps the bar up while `busy` is true and the calling component is mounted. */
export function useProgress(busy: boolean): void {
  useEffect(() => {
    if (!busy) return undefined;
    startProgress();
    return doneProgress;
  }, [busy]);
}
