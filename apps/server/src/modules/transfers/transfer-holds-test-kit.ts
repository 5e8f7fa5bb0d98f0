import { apiPaths, transactionSchema, type Transaction } from '@corridor/contracts';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../db/database.ts';
import type { TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { waitUntil } from '../../test/wait-for.ts';
import { transactionStates } from './transfers.schema.ts';
import { confirm, confirmBody, freshRate, indianRecipient, quoteTo } from './transfers-test-kit.ts';

/**
 * What the holds', emails' and operator's tests share (test code only): a confirmed transfer,
 * reading it as its customer does, waiting for its state, and its recorded causes.
 */

/** A transfer confirmed to a new recipient in India: awaiting payment. */
export async function confirmedTransfer(
  browser: TestBrowser,
  db: Database,
  clock: TestClock,
  recipientName = 'Asha',
): Promise<Transaction> {
  await freshRate(db, clock);
  const recipient = await indianRecipient(browser, db, recipientName);
  const quote = await quoteTo(browser, recipient);
  const answer = await confirm(browser, quote.id, confirmBody(quote));
  expect(answer.statusCode, answer.body).toBe(201);
  return transactionSchema.parse(answer.json());
}

/** The transfer as its customer reads it. */
export async function transferOf(browser: TestBrowser, id: string): Promise<Transaction> {
  const answer = await browser.get(apiPaths.transaction(id));
  expect(answer.statusCode, answer.body).toBe(200);
  return transactionSchema.parse(answer.json());
}

/** Waits until the transfer is in `state` (the flow's jobs and the outbox run after commits). */
export async function waitForState(
  browser: TestBrowser,
  id: string,
  state: string,
  nudge?: () => void,
): Promise<Transaction> {
  let current: Transaction | undefined;
  await waitUntil(async () => {
    current = await transferOf(browser, id);
    if (current.state.code !== state) nudge?.();
    return current.state.code === state;
  });
  if (!current) throw new Error('unreachable');
  return current;
}

/** Each state the transfer entered with its cause and hold reason, oldest first. */
export async function causesOf(db: Database, id: string) {
  const rows = await db
    .select()
    .from(transactionStates)
    .where(eq(transactionStates.transaction_id, id))
    .orderBy(asc(transactionStates.at));
  return rows.map((row) => [row.state, row.cause, row.hold_reason]);
}

/** Who acts in the tests. */
export const ADA = { operator: 'ada', reason: 'Checked with the bank' };
