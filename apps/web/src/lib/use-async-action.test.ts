import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOW_WAIT_MS } from './slow-wait';
import { useAsyncAction } from './use-async-action';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets the hook see a settled promise. */
const flush = () => act(async () => {});

describe('useAsyncAction', () => {
  it('is pending while the action runs, then calls onSuccess with its result', async () => {
    const answer = deferred<string>();
    const action = vi.fn((_input: number) => answer.promise);
    const { result } = renderHook(() => useAsyncAction(action));
    const onSuccess = vi.fn();
    const onError = vi.fn();
    expect(result.current.isPending).toBe(false);

    act(() => result.current.run(7, { onSuccess, onError }));
    expect(action).toHaveBeenCalledWith(7);
    expect(result.current.isPending).toBe(true);

    answer.resolve('done');
    await flush();
    expect(result.current.isPending).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith('done');
    expect(onError).not.toHaveBeenCalled();
  });

  it('calls onError with the failure, also when the action throws before returning a promise', async () => {
    const failure = new Error('No');
    const { result } = renderHook(() =>
      useAsyncAction((input: string): Promise<void> => {
        if (input === 'now') throw failure;
        return Promise.reject(failure);
      }),
    );
    const onError = vi.fn();
    act(() => result.current.run('later', { onError }));
    await flush();
    act(() => result.current.run('now', { onError }));
    await flush();
    expect(onError.mock.calls).toEqual([[failure], [failure]]);
    expect(result.current.isPending).toBe(false);
  });

  it('lets a second run supersede a pending one, as useMutation did', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const action = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { result } = renderHook(() => useAsyncAction<number, string>(action));
    const firstSuccess = vi.fn();
    const secondSuccess = vi.fn();

    act(() => result.current.run(1, { onSuccess: firstSuccess }));
    act(() => result.current.run(2, { onSuccess: secondSuccess }));
    expect(action).toHaveBeenCalledTimes(2);

    first.resolve('one');
    await flush();
    expect(firstSuccess).not.toHaveBeenCalled();
    expect(result.current.isPending).toBe(true);

    second.resolve('two');
    await flush();
    expect(secondSuccess).toHaveBeenCalledWith('two');
    expect(result.current.isPending).toBe(false);
  });

  it('drops a pending run on reset', async () => {
    const answer = deferred<string>();
    const { result } = renderHook(() => useAsyncAction(() => answer.promise));
    const onSuccess = vi.fn();
    act(() => result.current.run(undefined, { onSuccess }));
    act(() => result.current.reset());
    expect(result.current.isPending).toBe(false);
    answer.resolve('late');
    await flush();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('calls nothing once the component has unmounted', async () => {
    const answer = deferred<string>();
    const { result, unmount } = renderHook(() => useAsyncAction(() => answer.promise));
    const onSuccess = vi.fn();
    const onError = vi.fn();
    act(() => result.current.run(undefined, { onSuccess, onError }));
    unmount();
    answer.resolve('late');
    await flush();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  describe('defect 15: a wait that takes longer than usual', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says so after SLOW_WAIT_MS, never before, and never ends the wait by itself', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { result } = renderHook(() => useAsyncAction(() => new Promise<never>(() => {})));
      act(() => result.current.run(undefined));
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS - 1));
      expect(result.current.isSlow).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toMatchObject({ isPending: true, isSlow: true });
      // No timeout: an hour later it still waits, for the customer to choose.
      act(() => vi.advanceTimersByTime(3_600_000));
      expect(result.current).toMatchObject({ isPending: true, isSlow: true });
    });

    it('Retry sends the same input again with the same callbacks, and the clock starts again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const second = deferred<string>();
      const action = vi
        .fn<(input: number) => Promise<string>>()
        .mockReturnValueOnce(new Promise<never>(() => {}))
        .mockReturnValueOnce(second.promise);
      const { result } = renderHook(() => useAsyncAction(action));
      const onSuccess = vi.fn();
      act(() => result.current.run(42, { onSuccess }));
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      expect(result.current.isSlow).toBe(true);

      act(() => result.current.retry());
      expect(action.mock.calls).toEqual([[42], [42]]);
      expect(result.current).toMatchObject({ isPending: true, isSlow: false });
      second.resolve('answered');
      await flush();
      expect(onSuccess).toHaveBeenCalledWith('answered');
      expect(result.current).toMatchObject({ isPending: false, isSlow: false });
    });

    it('Cancel stops waiting: idle again, and a late answer calls nothing', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const answer = deferred<string>();
      const { result } = renderHook(() => useAsyncAction(() => answer.promise));
      const onSuccess = vi.fn();
      act(() => result.current.run(undefined, { onSuccess }));
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      act(() => result.current.cancel());
      expect(result.current).toMatchObject({ isPending: false, isSlow: false });
      answer.resolve('late');
      await flush();
      expect(onSuccess).not.toHaveBeenCalled();
    });
  });
});
