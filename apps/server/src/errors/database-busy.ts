/**
 * No database connection could be had in time (`DATABASE_CONNECT_TIMEOUT_MS`): every connection
 * of the pool was busy, or a new one did not open. The server is overloaded, not broken: the
 * error handler answers 503 with Retry-After and logs a warning (issue 29, defect 1).
 */
export class DatabaseBusyError extends Error {
  constructor(cause: unknown) {
    super('no database connection within the connect timeout', { cause });
    this.name = 'DatabaseBusyError';
  }
}

/** Whether `error`, or one of the errors wrapped around it (Drizzle's), is a DatabaseBusyError. */
export function isDatabaseBusy(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 4 && typeof cause === 'object' && cause !== null; depth += 1) {
    if (cause instanceof DatabaseBusyError) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
