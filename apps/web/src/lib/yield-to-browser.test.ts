import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToBrowser } from './yield-to-browser';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToBrowser', () => {
  it('resolves in a later task, not in this one', async () => {
    const order: string[] = [];
    const yielded = yieldToBrowser().then(() => order.push('after the yield'));
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    await yielded;
    expect(order).toEqual(['microtask', 'after the yield']);
  });

  it("uses the browser's scheduler.yield when there is one", async () => {
    const yieldOnce = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldOnce });
    await yieldToBrowser();
    expect(yieldOnce).toHaveBeenCalledOnce();
  });
});
