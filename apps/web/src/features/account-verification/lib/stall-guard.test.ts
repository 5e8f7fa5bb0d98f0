import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StalledError, guardStall } from './stall-guard';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Work that never ends by itself, exposing its watch. */
function endless() {
  let watch: Parameters<Parameters<typeof guardStall>[0]>[0] | undefined;
  const work = (given: NonNullable<typeof watch>) => {
    watch = given;
    return new Promise<never>(() => undefined);
  };
  return { work, watch: () => watch };
}

describe('guardStall', () => {
  it('fails with StalledError once nothing moved for the stall time, aborting the work', async () => {
    const { work, watch } = endless();
    const run = guardStall(work, { stallMs: 30_000 });
    const outcome = expect(run).rejects.toBeInstanceOf(StalledError);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(watch()?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(watch()?.signal.aborted).toBe(true);
  });

  it('starts the clock again at every kick', async () => {
    const { work, watch } = endless();
    const run = guardStall(work, { stallMs: 30_000 });
    const outcome = expect(run).rejects.toBeInstanceOf(StalledError);
    for (let step = 0; step < 5; step += 1) {
      await vi.advanceTimersByTimeAsync(20_000);
      watch()?.kick();
    }
    expect(watch()?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    await outcome;
  });

  it('answers what the work answers, and stops its clock', async () => {
    await expect(guardStall(() => Promise.resolve('key'))).resolves.toBe('key');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails with StalledError even when the aborted work fails its own way', async () => {
    const run = guardStall(
      ({ signal }) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
      { stallMs: 1000 },
    );
    const outcome = expect(run).rejects.toBeInstanceOf(StalledError);
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });

  it('stops when the outer signal aborts (the file was removed)', async () => {
    const outer = new AbortController();
    const { work, watch } = endless();
    const run = guardStall(work, { outer: outer.signal });
    const outcome = expect(run).rejects.toBe('removed');
    outer.abort('removed');
    await outcome;
    expect(watch()?.signal.aborted).toBe(true);
  });
});
