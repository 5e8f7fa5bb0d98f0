import { createHash } from 'node:crypto';
import { test as base, type TestInfo } from '@playwright/test';

export { expect } from '@playwright/test';

/** A private address of the test's own, stable across its retries. */
function clientAddress(testInfo: TestInfo): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(testInfo.testId).digest();
  return `10.${a}.${b}.${Math.max(c, 1)}`;
}

/**
 * Every test is its own client, as behind the proxy a deployment has: the e2e server trusts
 * loopback as its proxy (playwright.config.ts) and each test's requests carry their own
 * X-Forwarded-For. So the per-address limits (20 sign-ups an hour, sign-in failures) hold for
 * each test as for one customer, instead of the whole suite sharing 127.0.0.1's allowance.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddress(testInfo) });
  },
});
