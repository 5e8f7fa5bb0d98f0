import NProgress from 'nprogress';
import { afterEach, describe, expect, it } from 'vitest';
import { activeProgressCount, doneProgress, startProgress } from './progress';

afterEach(() => {
  while (activeProgressCount() > 0) doneProgress();
});

describe('progress bar', () => {
  it('is configured with a 300 ms trickle and no spinner (SPEC §9)', () => {
    expect(NProgress.settings.trickleSpeed).toBe(300);
    expect(NProgress.settings.showSpinner).toBe(false);
  });

  it('shows the bar without a spinner while work is in progress', () => {
    startProgress();
    expect(NProgress.isStarted()).toBe(true);
    expect(document.querySelector('#nprogress .bar')).not.toBeNull();
    expect(document.querySelector('#nprogress .spinner')).toBeNull();
  });

  it('renders no invalid ARIA role and hides the decorative bar from assistive technology', () => {
    startProgress();
    expect(document.querySelector('#nprogress [role]')).toBeNull();
    expect(document.querySelector('#nprogress .bar')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stays up until the last of overlapping pieces of work is done', () => {
    startProgress();
    startProgress();
    doneProgress();
    expect(activeProgressCount()).toBe(1);
    expect(NProgress.isStarted()).toBe(true);
    doneProgress();
    expect(activeProgressCount()).toBe(0);
    expect(NProgress.isStarted()).toBe(false);
  });

  it('ignores extra done calls so the count never goes negative', () => {
    doneProgress();
    expect(activeProgressCount()).toBe(0);
    startProgress();
    expect(NProgress.isStarted()).toBe(true);
  });
});
