/**
 * How long a condition may take before the test fails: sized for a busy 2-core machine, not for
 * the product's promises. A wait returns as soon as its condition holds, so a generous deadline
 * costs nothing when things work; it stays below the test timeout (vitest.config.ts) so that a
 * condition that never comes fails with its own message.
 */
export const CONDITION_DEADLINE_MS = 30_000;

/** Polls `condition` until it holds; fails the test after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs = CONDITION_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls an asynchronous `condition` (a query, a mailbox) until it holds; fails after `timeoutMs`. */
export async function waitUntil(
  condition: () => Promise<boolean>,
  timeoutMs = CONDITION_DEADLINE_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
