import { describe, expect, it, vi } from 'vitest';
import {
  PRELOAD_RELOAD_KEY,
  PRELOAD_RELOAD_WINDOW_MS,
  installPreloadErrorRecovery,
} from './preload-error';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

function firePreloadError(target: EventTarget): void {
  target.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
}

describe('installPreloadErrorRecovery', () => {
  it('reloads the page once when a lazy chunk fails, then not again in a loop', () => {
    const target = new EventTarget();
    const storage = memoryStorage();
    const reload = vi.fn();
    let now = 1_000_000;
    installPreloadErrorRecovery({ target, storage, reload, now: () => now });

    firePreloadError(target);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.getItem(PRELOAD_RELOAD_KEY)).toBe('1000000');

    // After the reload the same chunk fails again: the guard stops a reload loop.
    now += 2_000;
    firePreloadError(target);
    expect(reload).toHaveBeenCalledTimes(1);

    // Much later (a later deploy), a failure may reload again.
    now += PRELOAD_RELOAD_WINDOW_MS;
    firePreloadError(target);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when sessionStorage is unavailable, since nothing could stop a loop', () => {
    const target = new EventTarget();
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => undefined,
    };
    installPreloadErrorRecovery({ target, storage, reload });
    firePreloadError(target);
    expect(reload).not.toHaveBeenCalled();
  });

  it('listens on window by default and can be uninstalled', () => {
    const reload = vi.fn();
    const uninstall = installPreloadErrorRecovery({ storage: memoryStorage(), reload });
    firePreloadError(window);
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
    firePreloadError(window);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
