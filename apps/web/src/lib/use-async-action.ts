import { useCallback, useEffect, useRef, useState } from 'react';

export interface RunCallbacks<Output> {
  onSuccess?: (output: Output) => void;
  onError?: (error: unknown) => void;
}

export interface AsyncAction<Input, Output> {
  /**
   * Starts the action. A run started while another is pending supersedes it, as TanStack
   * Query's `mutate` did: only the latest run's callbacks are called, and isPending stays true
   * until that run ends.
   */
  run: (input: Input, callbacks?: RunCallbacks<Output>) => void;
  /** A run has started and not ended yet. */
  isPending: boolean;
  /** Back to idle: the result of a pending run is dropped. */
  reset: () => void;
}

/**
 * A form's submit action (sign-in, sign-up, password recovery) with its pending state, for the
 * screens that do without TanStack Query's `useMutation` (issue 13: not in the first load).
 * Nothing is called or set once the component has unmounted, since success usually navigates
 * away. `action` should keep its identity between renders (a module-level function).
 */
export function useAsyncAction<Input, Output>(
  action: (input: Input) => Promise<Output>,
): AsyncAction<Input, Output> {
  const [isPending, setPending] = useState(false);
  // The latest run; the outcome of any other (superseded, reset, or after unmount) is dropped.
  const latest = useRef<object | null>(null);

  useEffect(
    () => () => {
      latest.current = null;
    },
    [],
  );

  const run = useCallback(
    (input: Input, callbacks: RunCallbacks<Output> = {}) => {
      const token = {};
      latest.current = token;
      setPending(true);
      const settle = () => {
        if (latest.current !== token) return false;
        latest.current = null;
        setPending(false);
        return true;
      };
      // Through a promise, so an action that throws before it returns one fails like any other.
      new Promise<Output>((resolve) => resolve(action(input))).then(
        (output) => {
          if (settle()) callbacks.onSuccess?.(output);
        },
        (error: unknown) => {
          if (settle()) callbacks.onError?.(error);
        },
      );
    },
    [action],
  );

  const reset = useCallback(() => {
    latest.current = null;
    setPending(false);
  }, []);

  return { run, isPending, reset };
}
