import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FINISH_MS,
  TRICKLE_MS,
  activeProgressCount,
  doneProgress,
  isProgressStarted,
  startProgress,
  useProgress,
} from './progress';

const bar = () => document.getElementById('progress-bar');
const fill = () => bar()?.querySelector<HTMLElement>('.progress-bar__fill');

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  while (activeProgressCount() > 0) doneProgress();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('progress bar', () => {
  it('shows a slim bar at the top, nothing but the bar, while work is in progress', () => {
    startProgress();
    expect(isProgressStarted()).toBe(true);
    expect(bar()?.parentElement).toBe(document.body);
    // No spinner (docs/product/web-app.md#constants): the bar holds its fill and nothing else.
    expect(bar()?.children).toHaveLength(1);
    expect(fill()?.style.transform).toBe('translateX(-92%)');
  });

  it('renders no ARIA role and hides the decorative bar from assistive technology', () => {
    startProgress();
    expect(bar()).toHaveAttribute('aria-hidden', 'true');
    expect(bar()?.querySelector('[role]')).toBeNull();
    expect(bar()).not.toHaveAttribute('role');
  });

  it('trickles every 300 ms (docs/product/web-app.md#constants), slowing down and never reaching the end', () => {
    expect(TRICKLE_MS).toBe(300);
    startProgress();
    const seen = [fill()?.style.transform];
    vi.advanceTimersByTime(TRICKLE_MS - 1);
    expect(fill()?.style.transform).toBe(seen[0]);
    for (let step = 0; step < 3; step += 1) {
      vi.advanceTimersByTime(TRICKLE_MS);
      seen.push(fill()?.style.transform);
    }
    // A tenth of what is left each time.
    expect(seen.map((t) => Number(/-?[\d.]+/.exec(t ?? '')?.[0]))).toEqual([
      -92,
      expect.closeTo(-82.8),
      expect.closeTo(-74.52),
      expect.closeTo(-67.068),
    ]);
    vi.advanceTimersByTime(600 * TRICKLE_MS);
    expect(fill()?.style.transform).not.toBe('translateX(0%)');
  });

  it('fills, fades and goes once the work is done', () => {
    startProgress();
    doneProgress();
    expect(isProgressStarted()).toBe(false);
    expect(fill()?.style.transform).toBe('translateX(0%)');
    vi.advanceTimersByTime(FINISH_MS);
    expect(bar()).toHaveAttribute('data-state', 'done');
    vi.advanceTimersByTime(FINISH_MS);
    expect(bar()).toBeNull();
  });

  it('starts over, on the same bar, when work starts while it is finishing', () => {
    startProgress();
    doneProgress();
    vi.advanceTimersByTime(FINISH_MS);
    startProgress();
    expect(document.querySelectorAll('#progress-bar')).toHaveLength(1);
    expect(bar()).not.toHaveAttribute('data-state');
    expect(fill()?.style.transform).toBe('translateX(-92%)');
    vi.advanceTimersByTime(10 * FINISH_MS);
    expect(bar()).not.toBeNull();
    expect(isProgressStarted()).toBe(true);
  });

  it('stays up until the last of overlapping pieces of work is done', () => {
    startProgress();
    startProgress();
    doneProgress();
    expect(activeProgressCount()).toBe(1);
    expect(isProgressStarted()).toBe(true);
    doneProgress();
    expect(activeProgressCount()).toBe(0);
    expect(isProgressStarted()).toBe(false);
  });

  it('ignores extra done calls so the count never goes negative', () => {
    doneProgress();
    expect(activeProgressCount()).toBe(0);
    startProgress();
    expect(isProgressStarted()).toBe(true);
  });

  it('holds the bar up while a component is busy and mounted', () => {
    const { rerender, unmount } = renderHook(({ busy }) => useProgress(busy), {
      initialProps: { busy: true },
    });
    expect(activeProgressCount()).toBe(1);
    rerender({ busy: false });
    expect(activeProgressCount()).toBe(0);
    rerender({ busy: true });
    act(() => unmount());
    expect(activeProgressCount()).toBe(0);
  });
});
