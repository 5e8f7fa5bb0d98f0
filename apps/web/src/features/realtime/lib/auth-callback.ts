/** The error-first callback pusher-js hands to a custom channel or user authoriser. */
export type AuthCallback<T> = (error: Error | null, data: T | null) => void;

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
