import { httpStatus } from './api-error';

/** Tries after the first failure: three in all. */
const MAX_RETRIES = 2;

/**
 * Whether a load that failed `failureCount + 1` times is worth trying again: a 4xx will not
 * change on retry; network errors and 5xx get two more tries. The query cache uses it too.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const status = httpStatus(error);
  const isClientError = status !== undefined && status >= 400 && status < 500;
  return !isClientError && failureCount < MAX_RETRIES;
}

/** The wait before the next try: 1 s, then 2 s (TanStack Query's default back-off). */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

/** Runs `task`, trying it again after a failure while `shouldRetry` allows. */
export async function withRetries<T>(task: () => Promise<T>): Promise<T> {
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await task();
    } catch (error) {
      if (!shouldRetry(failureCount, error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelay(failureCount)));
    }
  }
}
