import { describe, expect, it, vi } from 'vitest';
import { fetchOnce, forgetFetchedOnce } from './fetch-once';

describe('fetchOnce', () => {
  it('fetches on the first call, shares that fetch and then keeps the value', async () => {
    const fetch = vi.fn(() => Promise.resolve({ rules: 4 }));
    const policy = fetchOnce(fetch);
    expect(policy.peek()).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([policy.get(), policy.get()]);
    expect(first).toBe(second);
    expect(await policy.get()).toBe(first);
    expect(policy.peek()).toBe(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call fetches again', async () => {
    const failure = new Error('Down');
    const fetch = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('policy');
    const policy = fetchOnce<string>(fetch);
    await expect(policy.get()).rejects.toBe(failure);
    expect(policy.peek()).toBeUndefined();
    expect(await policy.get()).toBe('policy');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('starts again after forgetFetchedOnce, even with a fetch in flight', async () => {
    let finish: (value: string) => void = () => undefined;
    const fetch = vi
      .fn()
      .mockReturnValueOnce(new Promise<string>((resolve) => (finish = resolve)))
      .mockResolvedValueOnce('new');
    const policy = fetchOnce<string>(fetch);
    const inFlight = policy.get();
    forgetFetchedOnce();
    finish('old');
    expect(await inFlight).toBe('old');
    expect(policy.peek()).toBeUndefined();
    expect(await policy.get()).toBe('new');
  });
});
