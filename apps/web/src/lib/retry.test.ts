import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './http-error';
import { shouldRetry, withRetries } from './retry';

afterEach(() => {
  vi.useRealTimers();
});

describe('shouldRetry', () => {
  it('gives network errors and 5xx two more tries, and a 4xx none', () => {
    const network = new TypeError('Failed to fetch');
    expect([0, 1, 2].map((count) => shouldRetry(count, network))).toEqual([true, true, false]);
    expect(shouldRetry(0, serverError(503))).toBe(true);
    expect(shouldRetry(0, serverError(404))).toBe(false);
  });
});

describe('withRetries', () => {
  it('tries again after 1 s, then 2 s, then gives up', async () => {
    vi.useFakeTimers();
    const failure = serverError(500);
    const task = vi.fn(() => Promise.reject(failure));
    const outcome = withRetries(task).catch((error: unknown) => error);

    await vi.advanceTimersByTimeAsync(999);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).toHaveBeenCalledTimes(3);
    expect(await outcome).toBe(failure);
  });

  it('returns the first success, and gives up at once on a 4xx', async () => {
    vi.useFakeTimers();
    const flaky = vi.fn().mockRejectedValueOnce(serverError(502)).mockResolvedValueOnce('ok');
    const outcome = withRetries(flaky);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await outcome).toBe('ok');

    const refused = vi.fn(() => Promise.reject(serverError(422)));
    await expect(withRetries(refused)).rejects.toBeInstanceOf(HttpError);
    expect(refused).toHaveBeenCalledTimes(1);
  });
});

function serverError(status: number): HttpError {
  return new HttpError(`Request failed with status ${status}`, { status });
}
