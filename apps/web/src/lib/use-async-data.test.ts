import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SLOW_WAIT_MS } from './slow-wait';
import { useAsyncData, WaitCancelledError } from './use-async-data';

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

  describe('defect 15: a load that takes longer than usual', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('says so after SLOW_WAIT_MS and keeps waiting', () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const { result } = renderHook(() => useAsyncData(() => new Promise<never>(() => {})));
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS - 1));
      expect(result.current.isSlow).toBe(false);
      act(() => vi.advanceTimersByTime(1));
      expect(result.current).toMatchObject({ isPending: true, isSlow: true });
      act(() => vi.advanceTimersByTime(3_600_000));
      expect(result.current).toMatchObject({ isPending: true, isSlow: true, error: null });
    });

    it('Retry loads again and starts the clock again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const load = vi
        .fn<() => Promise<string>>()
        .mockReturnValueOnce(new Promise<never>(() => {}))
        .mockResolvedValueOnce('policy');
      const { result } = renderHook(() => useAsyncData(load));
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      act(() => result.current.retry());
      expect(result.current).toMatchObject({ isPending: true, isSlow: false });
      await flush();
      expect(result.current).toMatchObject({ data: 'policy', isPending: false, isSlow: false });
      expect(load).toHaveBeenCalledTimes(2);
    });

    it('Cancel ends the wait with a WaitCancelledError and drops a late answer', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let finish: (value: string) => void = () => undefined;
      const { result } = renderHook(() =>
        useAsyncData(() => new Promise<string>((resolve) => (finish = resolve))),
      );
      act(() => vi.advanceTimersByTime(SLOW_WAIT_MS));
      act(() => result.current.cancel());
      expect(result.current.isPending).toBe(false);
      expect(result.current.isSlow).toBe(false);
      expect(result.current.error).toBeInstanceOf(WaitCancelledError);
      finish('late');
      await flush();
      expect(result.current.data).toBeUndefined();
      expect(result.current.error).toBeInstanceOf(WaitCancelledError);
    });
  });
});
