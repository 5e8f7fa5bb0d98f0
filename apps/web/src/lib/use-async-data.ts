import { useCallback, useEffect, useState } from 'react';

export interface AsyncData<T> {
  /** The last value loaded, kept while a retry loads. */
  data: T | undefined;
  /** Loading, and not failed. */
  isPending: boolean;
  /** Why the last load failed; null when it did not. */
  error: unknown;
  /** Loads again. */
  retry: () => void;
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
 * component unmounted changes nothing.
 */
export function useAsyncData<T>(load: () => Promise<T>, known?: T): AsyncData<T> {
  const [state, setState] = useState<LoadState<T>>(() => ({
    data: known,
    isPending: known === undefined,
    error: null,
  }));
  // Counts loads asked for: the first on mount unless the value is known, then one per retry.
  const [attempt, setAttempt] = useState(() => (known === undefined ? 1 : 0));

  useEffect(() => {
    if (attempt === 0) return undefined;
    let current = true;
    load().then(
      (data) => {
        if (current) setState({ data, isPending: false, error: null });
      },
      (error: unknown) => {
        if (current) setState((previous) => ({ ...previous, isPending: false, error }));
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

  return { ...state, retry };
}
