import { apiPaths } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { createTestApp, createTestDatabase, type TestApp } from '../../test/test-app.ts';
import { expectLedgerHolds } from '../ledger/ledger-test-kit.ts';
import {
  confirmedTransfer,
  entryCount,
  runJobs,
  SETTLE_SECONDS,
  STEP_SECONDS,
} from './flow-test-kit.ts';
import { HAPPY_PATH } from './transaction-states.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * The flow's jobs are durable (pg-boss on the database, decision 13): a process that stops in the
 * middle of a transfer's payout leaves its next step in the database, and another process on the
 * same database carries the transfer on to PAYOUT-SUCCESS, each step once.
 */
const clock = new TestClock();
let database: DatabaseHandle;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database.close();
});

async function startProcess(): Promise<TestApp> {
  const testApp = await createTestApp({ database, clock });
  apps.push(testApp);
  return testApp;
}

async function stateOf(transactionId: string): Promise<string | undefined> {
  const [row] = await database.db
    .select({ state: transactions.state })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.state;
}

it('carries a transfer on after a restart, each step once', async () => {
  const first = await startProcess();
  const transfer = await confirmedTransfer(first, clock);
  const id = transfer.transaction.id;
  const sent = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
  expect(sent.statusCode).toBe(200);
  await runJobs(first, clock, SETTLE_SECONDS * SECOND);
  await runJobs(first, clock, STEP_SECONDS * SECOND);
  expect(await stateOf(id)).toBe('AVAILABLE-FOR-PAYOUT');
  // The process stops; its next step (the hand-over, due in STEP_SECONDS) waits in the database.
  await first.close();
  apps.splice(apps.indexOf(first), 1);

  const second = await startProcess();
  for (let step = 0; step < 10 && (await stateOf(id)) !== 'PAYOUT-SUCCESS'; step += 1) {
    await runJobs(second, clock, STEP_SECONDS * SECOND);
  }
  const timeline = await database.db
    .select({ state: transactionStates.state })
    .from(transactionStates)
    .where(eq(transactionStates.transaction_id, id))
    .orderBy(transactionStates.at);
  expect(timeline.map((row) => row.state)).toEqual([...HAPPY_PATH]);
  // payment captured, transfer paid (+ posted), fee, both conversion sides, payout (+ posted).
  expect(await entryCount(second, id)).toBe(8);
  await expectLedgerHolds(second.app);
});
