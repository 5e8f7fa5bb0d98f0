// A lazily loaded screen failed to download (docs/product/web-app.md#errors: a preload-error event; what the product
// does then is ours to decide). Two causes, two answers:
// - Corridor cannot be reached (offline, a tunnel): the customer stays on the screen they are on,
//   with what they typed, and our "can't reach Corridor" panel offers Retry (defect 14). The
//   route's load waits rather than fail, since the router keeps a failed lazy route failed
//   until the page reloads; it tries again on Retry or when the browser says it is back online.
// - Corridor answers but the file is gone (a deploy replaced it): reload once to pick up the new
//   build. A timestamp in sessionStorage stops a chunk that keeps failing from reloading forever;
//   the route's error screen then offers a retry.

export const PRELOAD_RELOAD_KEY = 'corridor:preload-error-reload';
export const PRELOAD_RELOAD_WINDOW_MS = 10_000;

/** Whether Corridor answers at all; `false` when the browser knows it is offline. */
export type ReachabilityProbe = () => Promise<boolean>;

export interface PreloadRecoveryOptions {
  probe?: ReachabilityProbe;
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  reload?: () => void;
  now?: () => number;
}

const defaultProbe: ReachabilityProbe = async () => {
  if (navigator.onLine === false) return false;
  try {
    // Any answer, even an error status, means the server is there; none in 5 s, that it is not.
    await fetch('/healthz', {
      cache: 'no-store',
      credentials: 'omit',
      signal: AbortSignal.timeout(5000),
    });
    return true;
  } catch {
    return false;
  }
};

let options: PreloadRecoveryOptions = {};

/** Replaces how reachability is probed, the page reloaded and time told (tests). */
export function configurePreloadRecovery(overrides: PreloadRecoveryOptions = {}): void {
  options = overrides;
}

/** What the "can't reach Corridor" panel shows: nothing, waiting for a retry, or retrying. */
export type UnreachableState = 'idle' | 'waiting' | 'retrying';

let state: UnreachableState = 'idle';
let waiters: (() => void)[] = [];
const listeners = new Set<() => void>();

function setState(next: UnreachableState): void {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeUnreachable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function unreachableState(): UnreachableState {
  return state;
}

/** Tries every waiting load again (Retry, or the browser back online). */
export function retryUnreachable(): void {
  if (waiters.length === 0) return;
  const waiting = waiters;
  waiters = [];
  setState('retrying');
  for (const resume of waiting) resume();
}

/** Forgets every waiting load and the options (between tests). */
export function resetPreloadRecovery(): void {
  options = {};
  waiters = [];
  setState('idle');
}

function untilRetry(): Promise<void> {
  setState('waiting');
  return new Promise((resolve) => waiters.push(resolve));
}

/** Reloads the page unless it did so for a failed chunk moments ago; whether it reloads. */
function reloadOnce(): boolean {
  const now = options.now ?? Date.now;
  try {
    const storage = options.storage ?? window.sessionStorage;
    const last = Number(storage.getItem(PRELOAD_RELOAD_KEY));
    if (Number.isFinite(last) && now() - last < PRELOAD_RELOAD_WINDOW_MS) return false;
    storage.setItem(PRELOAD_RELOAD_KEY, String(now()));
  } catch {
    // Without storage there is no loop guard, so do not reload; the error screen remains.
    return false;
  }
  (options.reload ?? (() => window.location.reload()))();
  return true;
}

/**
 * A file of the app that could not be fetched, as each browser words it (Chromium, Firefox,
 * Safari), or a stylesheet Vite could not preload; not an error thrown by the code once loaded.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/**
 * A route's `lazy` that survives the network going away: when a file cannot be fetched and
 * Corridor cannot be reached, it waits (the panel shows, the screen underneath stays as it is)
 * and loads again on Retry; a file missing from a server that answers reloads the page once;
 * any other failure fails as before.
 */
export function retryWhenReachable<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    for (;;) {
      try {
        const loaded = await load();
        if (waiters.length === 0) setState('idle');
        return loaded;
      } catch (error) {
        if (!isChunkLoadError(error)) throw error;
        if (await (options.probe ?? defaultProbe)()) {
          if (waiters.length === 0) setState('idle');
          // The page is reloading: this load never finishes.
          if (reloadOnce()) return new Promise<T>(() => undefined);
          throw error;
        }
        await untilRetry();
      }
    }
  };
}

/**
 * Tries the loads waiting for Corridor again as soon as the browser says it is back online
 * (main.tsx installs it at start). Returns a function that uninstalls it.
 */
export function installPreloadErrorRecovery(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onOnline = () => retryUnreachable();
  target.addEventListener('online', onOnline);
  return () => target.removeEventListener('online', onOnline);
}
