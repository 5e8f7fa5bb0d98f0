import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAsyncData } from './use-async-data';

const flush = () => act(async () => {});

describe('useAsyncData', () => {
  it('loads on mount: pending, then the data', async () => {
    const load = vi.fn(() => Promise.resolve('policy'));
    const { result } = renderHook(() => useAsyncData(load));
    expect(result.current).toMatchObject({ data: undefined, isPending: true, error: null });
    await flush();
    expect(result.current).toMatchObject({ data: 'policy', isPending: false, error: null });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failure and loads again on retry', async () => {
    const failure = new Error('Down');
    const load = vi.fn().mockRejectedValueOnce(failure).mockResolvedValueOnce('policy');
    const { result } = renderHook(() => useAsyncData<string>(load));
    await flush();
    expect(result.current).toMatchObject({ data: undefined, isPending: false, error: failure });

    act(() => result.current.retry());
    expect(result.current).toMatchObject({ isPending: true, error: null });
    await flush();
    expect(result.current).toMatchObject({ data: 'policy', isPending: false, error: null });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows a known value at once without loading it, until asked to retry', async () => {
    const load = vi.fn(() => Promise.resolve('fresh'));
    const { result } = renderHook(() => useAsyncData(load, 'cached'));
    expect(result.current).toMatchObject({ data: 'cached', isPending: false, error: null });
    await flush();
    expect(load).not.toHaveBeenCalled();

    act(() => result.current.retry());
    await flush();
    expect(result.current.data).toBe('fresh');
  });

  it('keeps the data it has while a retry fails', async () => {
    const failure = new Error('Down');
    const load = vi.fn().mockResolvedValueOnce('policy').mockRejectedValueOnce(failure);
    const { result } = renderHook(() => useAsyncData<string>(load));
    await flush();
    act(() => result.current.retry());
    await flush();
    expect(result.current).toMatchObject({ data: 'policy', isPending: false, error: failure });
  });

  it('changes nothing when a load ends after unmount', async () => {
    let finish: (value: string) => void = () => undefined;
    const load = () => new Promise<string>((resolve) => (finish = resolve));
    const { result, unmount } = renderHook(() => useAsyncData(load));
    unmount();
    finish('late');
    await flush();
    expect(result.current.data).toBeUndefined();
  });
});
