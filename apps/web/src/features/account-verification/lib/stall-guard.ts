/** How long an upload may go without progress before it fails with Retry (nothing spins forever). */
export const STALL_MS = 30_000;

/** Nothing moved for STALL_MS: the wait was given up. */
export class StalledError extends Error {
  constructor() {
    super('No progress for too long');
  }
}

export interface StallWatch {
  /** Aborts when the wait stalls, or when the outer signal aborts. */
  signal: AbortSignal;
  /** Something moved: the clock starts again. */
  kick: () => void;
}

/**
 * Runs `work` with a watchdog: unless it calls `kick` at least every `stallMs`, its signal
 * aborts and the run fails with StalledError. An abort of `outer` (the file was removed) fails
 * it with the outer reason.
 */
export function guardStall<T>(
  work: (watch: StallWatch) => Promise<T>,
  { stallMs = STALL_MS, outer }: { stallMs?: number; outer?: AbortSignal } = {},
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let rejectStall: (error: unknown) => void = () => undefined;
  const stalled = new Promise<never>((_, reject) => {
    rejectStall = reject;
  });
  const stop = (reason: unknown) => {
    clearTimeout(timer);
    // The run fails with this reason, not with whatever the aborted stage throws after it.
    rejectStall(reason);
    controller.abort(reason);
  };
  const kick = () => {
    clearTimeout(timer);
    timer = setTimeout(() => stop(new StalledError()), stallMs);
  };
  const onOuterAbort = () => stop(outer?.reason);
  if (outer?.aborted) onOuterAbort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  kick();
  // A stage that ignores the signal (decoding an image) still cannot outlast the watchdog.
  return Promise.race([work({ signal: controller.signal, kick }), stalled]).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onOuterAbort);
  });
}
