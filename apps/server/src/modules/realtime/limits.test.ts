import { describe, expect, it } from 'vitest';
import {
  defaultHubLimits,
  fullFrameBudget,
  hubLimits,
  isLoopback,
  MAX_CHANNELS_PER_CONNECTION,
  spendFrame,
} from './limits.ts';

describe('hub limits', () => {
  it('lets a reconnecting client re-subscribe every channel in one burst', () => {
    expect(defaultHubLimits.frameBurst).toBeGreaterThan(MAX_CHANNELS_PER_CONNECTION + 1);
  });

  it('spends frames from a bucket of `frameBurst`, refilled at `framesPerSecond`', () => {
    const limits = hubLimits({ frameBurst: 5, framesPerSecond: 10 });
    const budget = fullFrameBudget(limits, 0);
    for (let n = 0; n < 5; n += 1) expect(spendFrame(budget, limits, 0)).toBe(true);
    expect(spendFrame(budget, limits, 0)).toBe(false);
    expect(spendFrame(budget, limits, 50)).toBe(false); // half a frame back
    expect(spendFrame(budget, limits, 100)).toBe(true);
    expect(spendFrame(budget, limits, 10_000)).toBe(true); // never more than the burst
    expect(budget.tokens).toBe(4);
  });

  it('knows loopback peers', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopback(address)).toBe(true);
    }
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) {
      expect(isLoopback(address)).toBe(false);
    }
  });
});
