// A lazily loaded screen failed to download (typically a deploy replaced its chunk). Our decision
// for SPEC §8: reload once to pick up the new build. A timestamp in sessionStorage stops a chunk
// that keeps failing from reloading forever; the route's error screen then offers a retry.
export const PRELOAD_RELOAD_KEY = 'corridor:preload-error-reload';
export const PRELOAD_RELOAD_WINDOW_MS = 10_000;

export interface PreloadErrorRecoveryOptions {
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

/** Reloads the page once when a lazy chunk fails to load. Returns a function that uninstalls it. */
export function installPreloadErrorRecovery(options: PreloadErrorRecoveryOptions = {}): () => void {
  const target = options.target ?? window;
  const reload = options.reload ?? (() => window.location.reload());
  const now = options.now ?? Date.now;

  const onPreloadError = (): void => {
    try {
      const storage = options.storage ?? window.sessionStorage;
      const last = Number(storage.getItem(PRELOAD_RELOAD_KEY));
      if (Number.isFinite(last) && now() - last < PRELOAD_RELOAD_WINDOW_MS) return;
      storage.setItem(PRELOAD_RELOAD_KEY, String(now()));
    } catch {
      // Without storage there is no loop guard, so do not reload; the error screen remains.
      return;
    }
    reload();
  };

  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
