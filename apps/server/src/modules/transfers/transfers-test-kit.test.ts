import crypto from 'node:crypto';
import { apiPaths, customerSchema } from '@corridor/contracts';
import { afterEach, expect, it, vi } from 'vitest';
import type { TestBrowser } from '../../test/test-browser.ts';
import { readySender, transfersTestFile } from './transfers-test-kit.ts';

/**
 * The kit's senders are made side by side (Promise.all in a test, the SIGKILL test's load): each
 * must be a customer of its own with a mobile number of its own (one customer per number). A
 * number picked from a counter read after an await gave them all the same one.
 */
const { clock, testApp, db } = transfersTestFile();

afterEach(() => {
  vi.restoreAllMocks();
});

async function mobileNumberOf(browser: TestBrowser): Promise<string | null> {
  const response = await browser.get(apiPaths.profile);
  expect(response.statusCode, response.body).toBe(200);
  return customerSchema.parse(response.json()).account.mobile_number;
}

it('makes ten senders side by side, each with a mobile number of its own', async () => {
  const senders = await Promise.all(
    Array.from({ length: 10 }, () => readySender(testApp.app, db(), clock)),
  );
  expect(new Set(senders.map(({ customerId }) => customerId)).size).toBe(10);
  const numbers = await Promise.all(senders.map(({ browser }) => mobileNumberOf(browser)));
  expect(numbers.every((number) => number?.startsWith('+447400'))).toBe(true);
  expect(new Set(numbers).size).toBe(10);
});

it('draws another mobile number when the one drawn is already a customer’s', async () => {
  const first = await readySender(testApp.app, db(), clock);
  const taken = await mobileNumberOf(first.browser);
  // The next draw repeats the first sender's six digits, as a clash of random draws would.
  const draws = vi
    .spyOn(crypto, 'randomInt')
    .mockImplementationOnce(() => Number(taken?.slice(-6)));
  const second = await readySender(testApp.app, db(), clock);
  expect(draws.mock.calls.length).toBeGreaterThanOrEqual(2);
  const number = await mobileNumberOf(second.browser);
  expect(number).toMatch(/^\+447400\d{6}$/);
  expect(number).not.toBe(taken);
});
