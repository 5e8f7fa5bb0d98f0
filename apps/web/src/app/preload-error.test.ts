import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PRELOAD_RELOAD_KEY,
  PRELOAD_RELOAD_WINDOW_MS,
  configurePreloadRecovery,
  installPreloadErrorRecovery,
  isChunkLoadError,
  resetPreloadRecovery,
  retryUnreachable,
  retryWhenReachable,
  unreachableState,
} from './preload-error';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

const chunkError = () =>
  new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/x.js');

/** A load that fails `failures` times with a chunk error, then gives 'screen'. */
function flakyLoad(failures: number) {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls <= failures ? Promise.reject(chunkError()) : Promise.resolve('screen');
  });
  return load;
}

describe('retryWhenReachable', () => {
  afterEach(() => resetPreloadRecovery());

  it('offline, waits for Retry instead of failing, then loads', async () => {
    configurePreloadRecovery({ probe: () => Promise.resolve(false) });
    const load = flakyLoad(1);
    const loading = retryWhenReachable(load)();
    await vi.waitFor(() => expect(unreachableState()).toBe('waiting'));
    expect(load).toHaveBeenCalledTimes(1);

    retryUnreachable();
    await expect(loading).resolves.toBe('screen');
    expect(load).toHaveBeenCalledTimes(2);
    expect(unreachableState()).toBe('idle');
  });

  it('waits again when Retry fails too', async () => {
    configurePreloadRecovery({ probe: () => Promise.resolve(false) });
    const load = flakyLoad(2);
    const loading = retryWhenReachable(load)();
    await vi.waitFor(() => expect(unreachableState()).toBe('waiting'));
    retryUnreachable();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(unreachableState()).toBe('waiting'));
    retryUnreachable();
    await expect(loading).resolves.toBe('screen');
  });

  it('tries again by itself when the browser is back online', async () => {
    configurePreloadRecovery({ probe: () => Promise.resolve(false) });
    const target = new EventTarget();
    const uninstall = installPreloadErrorRecovery(target as unknown as Window);
    const loading = retryWhenReachable(flakyLoad(1))();
    await vi.waitFor(() => expect(unreachableState()).toBe('waiting'));
    target.dispatchEvent(new Event('online'));
    await expect(loading).resolves.toBe('screen');
    uninstall();
  });

  it('reloads once when the server answers but the file is gone (a new release), not in a loop', async () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    configurePreloadRecovery({
      probe: () => Promise.resolve(true),
      storage,
      reload,
      now: () => now,
    });

    void retryWhenReachable(flakyLoad(1))();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(storage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000000');

    // After the reload the same file fails again: the guard stops a loop; the route fails.
    now += 2_000;
    await expect(retryWhenReachable(flakyLoad(1))()).rejects.toThrow('Failed to fetch');
    expect(reload).toHaveBeenCalledTimes(1);

    // Much later (a later release), a failure may reload again.
    now += PRELOAD_RELOAD_WINDOW_MS;
    void retryWhenReachable(flakyLoad(1))();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });

  it('does not reload without sessionStorage, since nothing could stop a loop', async () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    configurePreloadRecovery({ probe: () => Promise.resolve(true), storage, reload });
    await expect(retryWhenReachable(flakyLoad(1))()).rejects.toThrow('Failed to fetch');
    expect(reload).not.toHaveBeenCalled();
  });

  it('fails at once on an error of the code itself, without asking the network', async () => {
    const probe = vi.fn(() => Promise.resolve(false));
    configurePreloadRecovery({ probe });
    const broken = () => Promise.reject(new ReferenceError('x is not defined'));
    await expect(retryWhenReachable(broken)()).rejects.toThrow('x is not defined');
    expect(probe).not.toHaveBeenCalled();
  });

  it('knows each browser’s words for a file that could not be fetched', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('undefined is not a function'))).toBe(false);
  });
});
