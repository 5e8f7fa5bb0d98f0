import { useEffect } from 'react';

/** docs/product/web-app.md#constants: the bar moves on every 300 ms while work is in progress. */
export const TRICKLE_MS = 300;
/** How long the bar takes to fill once the work is done, and then to fade (app.css). */
export const FINISH_MS = 200;
/** Where a bar starts, so it shows at once. */
const START_AT = 0.08;
/** Each trickle covers this share of what is left, so the bar slows down and never fills. */
const TRICKLE_SHARE = 0.1;

interface Bar {
  root: HTMLElement;
  fill: HTMLElement;
  /** How far the fill goes, from 0 to 1. */
  value: number;
  trickle: ReturnType<typeof setInterval> | undefined;
  finishing: ReturnType<typeof setTimeout> | undefined;
}

// The bar on the page, if any: shown, or finishing after the last piece of work ended.
let bar: Bar | null = null;

function setValue(shown: Bar, value: number): void {
  shown.value = value;
  shown.fill.style.transform = `translateX(${(value - 1) * 100}%)`;
}

/**
 * A thin line along the top of the page in the theme's primary colour (app.css), without a
 * spinner (docs/product/web-app.md#constants). It is decoration, so hidden from assistive technology: screens say what
 * they wait for themselves.
 */
function createBar(): Bar {
  const root = document.createElement('div');
  root.id = 'progress-bar';
  root.setAttribute('aria-hidden', 'true');
  const fill = document.createElement('div');
  fill.className = 'progress-bar__fill';
  root.append(fill);
  document.body.append(root);
  return { root, fill, value: 0, trickle: undefined, finishing: undefined };
}

function showBar(): void {
  const shown = bar ?? createBar();
  bar = shown;
  // Work started again while the last bar was finishing: that bar starts over.
  clearTimeout(shown.finishing);
  shown.finishing = undefined;
  delete shown.root.dataset.state;
  setValue(shown, START_AT);
  shown.trickle = setInterval(() => {
    setValue(shown, shown.value + (1 - shown.value) * TRICKLE_SHARE);
  }, TRICKLE_MS);
}

function finishBar(): void {
  const shown = bar;
  if (shown === null) return;
  clearInterval(shown.trickle);
  shown.trickle = undefined;
  setValue(shown, 1);
  // Fills, fades, then goes. The timers only touch this bar's own elements.
  shown.finishing = setTimeout(() => {
    shown.root.dataset.state = 'done';
    shown.finishing = setTimeout(() => {
      shown.root.remove();
      if (bar === shown) bar = null;
    }, FINISH_MS);
  }, FINISH_MS);
}

// Navigations and HTTP requests overlap; the bar stays up until the last of them ends.
let active = 0;

/** One more piece of work in progress; shows the bar when it is the first. */
export function startProgress(): void {
  active += 1;
  if (active === 1) showBar();
}

/** One piece of work finished; finishes the bar when it was the last. Extra calls are ignored. */
export function doneProgress(): void {
  if (active === 0) return;
  active -= 1;
  if (active === 0) finishBar();
}

/**
 * For tests: no work in progress and no bar, its timers cleared. A test that fakes the clock and
 * restores it while the bar fades drops the fade's timers, which left the bar up for the next file.
 */
export function resetProgress(): void {
  active = 0;
  if (bar === null) return;
  clearInterval(bar.trickle);
  clearTimeout(bar.finishing);
  bar.root.remove();
  bar = null;
}

/** How many pieces of work currently hold the bar up. */
export function activeProgressCount(): number {
  return active;
}

/** The bar is up and trickling: started, and not yet told that the last work is done. */
export function isProgressStarted(): boolean {
  return bar?.trickle !== undefined;
}

/** Keeps the bar up while `busy` is true and the calling component is mounted. */
export function useProgress(busy: boolean): void {
  useEffect(() => {
    if (!busy) return undefined;
    startProgress();
    return doneProgress;
  }, [busy]);
}
