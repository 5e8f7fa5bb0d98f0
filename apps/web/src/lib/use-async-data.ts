import { useCallback, useEffect, useRef, useState } from 'react';
import { useSlowWait } from './slow-wait';

export interface AsyncData<T> {
  /** The last value loaded, kept while a retry loads. */
  data: T | undefined;
  /** Loading, and not failed. */
  isPending: boolean;
  /** The load has taken longer than usual (SLOW_WAIT_MS): offer `retry` or `cancel`. */
  isSlow: boolean;
  /** Why the last load failed (a WaitCancelledError after `cancel`); null when it did not. */
  error: unknown;
  /** Loads again. */
  retry: () => void;
  /** Stops waiting for the load in progress: it ends with a WaitCancelledError. */
  cancel: () => void;
}

/** The customer stopped waiting for a load (defect 15); the screen offers Retry as for a failure. */
export class WaitCancelledError extends Error {
  constructor() {
    super('The customer stopped waiting.');
    this.name = 'WaitCancelledError';
  }
}

interface LoadState<T> {
  data: T | undefined;
  isPending: boolean;
  error: unknown;
}

/**
 * Data a public screen loads when it mounts (issue 13: without TanStack Query). `load` should
 * keep its identity between renders (a module-level function). With a `known` value (a cache
 * already filled, see fetchOnce) nothing is loaded until `retry`. A load that ends after the
 * component unmounted, or after `cancel`, changes nothing.
 */
export function useAsyncData<T>(load: () => Promise<T>, known?: T): AsyncData<T> {
  const [state, setState] = useState<LoadState<T>>(() => ({
    data: known,
    isPending: known === undefined,
    error: null,
  }));
  // Counts loads asked for: the first on mount unless the value is known, then one per retry.
  const [attempt, setAttempt] = useState(() => (known === undefined ? 1 : 0));
  // The attempt the customer stopped waiting for: its outcome is dropped.
  const cancelled = useRef(0);
  const isSlow = useSlowWait(state.isPending ? attempt : null);

  useEffect(() => {
    if (attempt === 0) return undefined;
    let current = true;
    const wanted = () => current && cancelled.current !== attempt;
    load().then(
      (data) => {
        if (wanted()) setState({ data, isPending: false, error: null });
      },
      (error: unknown) => {
        if (wanted()) setState((previous) => ({ ...previous, isPending: false, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, isPending: true, error: null }));
    setAttempt((previous) => previous + 1);
  }, []);

  const cancel = useCallback(() => {
    cancelled.current = attempt;
    setState((previous) =>
      previous.isPending
        ? { ...previous, isPending: false, error: new WaitCancelledError() }
        : previous,
    );
  }, [attempt]);

  return { ...state, isSlow, retry, cancel };
}
