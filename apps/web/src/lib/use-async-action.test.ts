import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
});
