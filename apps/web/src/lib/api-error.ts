import type { TypedError, ValidationError } from '@corridor/contracts';
import { HttpError } from './http-error';

// Error bodies are checked by hand, not with the contracts' zod schemas, so the sign-in page's
// first load carries no zod; the types still come from the contracts.

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{type, message, …}`, as 409 and 412 answers are (contracts' typedErrorSchema). */
function isTypedError(data: unknown): data is TypedError {
  return isRecord(data) && typeof data.type === 'string' && typeof data.message === 'string';
}

/** `{message, errors?: {field: [messages]}}`, as a 422 is (contracts' validationErrorSchema). */
function isValidationError(data: unknown): data is ValidationError {
  if (!isRecord(data) || typeof data.message !== 'string') return false;
  const { errors } = data;
  if (errors === undefined) return true;
  return (
    isRecord(errors) &&
    Object.values(errors).every(
      (messages) =>
        Array.isArray(messages) && messages.every((message) => typeof message === 'string'),
    )
  );
}

/** The HTTP status of a failed request, if the server answered at all. */
export function httpStatus(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

/** The customer-readable `message` the server sent with a failure (docs/product/api-conventions.md#errors), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || !isRecord(error.data)) return undefined;
  const { message } = error.data;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The machine-readable `type` of a 409 or 412 answer, if any. */
export function errorType(error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  return isTypedError(error.data) ? error.data.type : undefined;
}

/**
 * The first message of each field of a 422 answer (docs/product/web-app.md#forms-and-validation), e.g. `{ email: '…' }`.
 * Empty for any other failure or a 422 without field errors.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof HttpError) || error.status !== 422) return {};
  if (!isValidationError(error.data)) return {};
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.data.errors ?? {})) {
    const message = messages[0];
    if (message !== undefined) first[field] = message;
  }
  return first;
}

/** Seconds the server asked us to wait (`Retry-After`, in seconds), if it said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const seconds = Number(error.headers.get('retry-after') ?? NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

/** "1 second", "30 seconds". */
export function formatSeconds(seconds: number): string {
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

export const CONNECTION_PROBLEM =
  'We could not reach Corridor. Check your connection and try again.';
export const SESSION_EXPIRED = 'Your session has expired. Refresh the page and try again.';

/**
 * What to tell the customer about a failed request: a connection problem when nothing answered,
 * the server's message with the wait for a 429, `fallback` for a server error (which must say
 * what did or did not happen) and otherwise the server's own message.
 */
export function describeError(error: unknown, fallback: string): string {
  if (!(error instanceof HttpError)) return fallback;
  const { status } = error;
  if (status === undefined) return CONNECTION_PROBLEM;
  const message = serverMessage(error);
  if (status === 429) {
    const wait = retryAfterSeconds(error);
    const base = message ?? 'Too many attempts.';
    // Servers often say the wait themselves ("try again in 57 seconds"); do not say it twice.
    if (wait === undefined || base.includes(String(wait))) return base;
    return `${base} Try again in ${formatSeconds(wait)}.`;
  }
  if (status === 419) return SESSION_EXPIRED;
  if (status >= 500) return fallback;
  return message ?? fallback;
}
