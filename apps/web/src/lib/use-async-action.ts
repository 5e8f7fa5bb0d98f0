import { useCallback, useEffect, useRef, useState } from 'react';
import { useSlowWait } from './slow-wait';

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
  /** The pending run has taken longer than usual (SLOW_WAIT_MS): offer `retry` or `cancel`. */
  isSlow: boolean;
  /** Runs the last input again with its callbacks; the pending run, if any, is superseded. */
  retry: () => void;
  /** Stops waiting: the pending run's result is dropped and the form is idle again. */
  cancel: () => void;
  /** Back to idle: the result of a pending run is dropped (the same as `cancel`). */
  reset: () => void;
}

interface LastRun<Input, Output> {
  input: Input;
  callbacks: RunCallbacks<Output>;
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
  // The pending run's token; the outcome of any other (superseded, reset, after unmount) is
  // dropped. Kept in state too, so the slow-wait clock starts again for every run.
  const [pendingRun, setPendingRun] = useState<object | null>(null);
  const latest = useRef<object | null>(null);
  const lastRun = useRef<LastRun<Input, Output> | null>(null);
  const isSlow = useSlowWait(pendingRun);

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
      lastRun.current = { input, callbacks };
      setPendingRun(token);
      const settle = () => {
        if (latest.current !== token) return false;
        latest.current = null;
        setPendingRun(null);
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

  const retry = useCallback(() => {
    const last = lastRun.current;
    if (last !== null) run(last.input, last.callbacks);
  }, [run]);

  const reset = useCallback(() => {
    latest.current = null;
    setPendingRun(null);
  }, []);

  return { run, isPending: pendingRun !== null, isSlow, retry, cancel: reset, reset };
}
