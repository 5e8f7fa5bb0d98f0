import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EXPIRY_CHECK_SECONDS } from '../../jobs/index.ts';
import { PG_BOSS_SCHEMA } from '../../jobs/pg-boss-schema.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  advanceConvertedJob,
  advanceHandOverJob,
  advanceTransferJob,
  closeCancellationWindowJob,
  expirePaymentsJob,
  pollPayoutJob,
  settleBankTransferJob,
  submitPayoutJob,
} from './flow-jobs.ts';
import { keepDeliveryPromisesJob } from './delivery-promise.ts';
import { ADVANCE_BATCH_SIZE, FLOW_EXPIRY_SECONDS, SWEEP_EXPIRY_SECONDS } from './money-flow.ts';
import { PARTNER_CALLS_SIDE_BY_SIDE } from './payout-batches.ts';

/**
 * Issue 29, defect 2: the money flow's jobs expire when a batch of them could have ended, not
 * after pg-boss's 300 s, so a paid transfer whose job a dead process held moves on within a
 * minute (jobs/jobs-expiry.test.ts proves the hand-over itself).
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

it('sizes the flow jobs’ expiry to their batch, and the sweep’s to its 200 payments', async () => {
  const result = (await testApp.database.db.execute(
    sql`select name, expire_seconds from ${sql.identifier(PG_BOSS_SCHEMA)}.queue
        where name like 'transfers.%' order by name`,
  )) as unknown as { rows: { name: string; expire_seconds: number }[] };
  const expiry = Object.fromEntries(result.rows.map((row) => [row.name, row.expire_seconds]));
  expect(expiry).toEqual({
    [advanceTransferJob.name]: FLOW_EXPIRY_SECONDS,
    [advanceConvertedJob.name]: FLOW_EXPIRY_SECONDS,
    [advanceHandOverJob.name]: FLOW_EXPIRY_SECONDS,
    [closeCancellationWindowJob.name]: FLOW_EXPIRY_SECONDS,
    [expirePaymentsJob.name]: SWEEP_EXPIRY_SECONDS,
    [keepDeliveryPromisesJob.name]: SWEEP_EXPIRY_SECONDS,
    [pollPayoutJob.name]: FLOW_EXPIRY_SECONDS,
    [settleBankTransferJob.name]: FLOW_EXPIRY_SECONDS,
    [submitPayoutJob.name]: FLOW_EXPIRY_SECONDS,
  });
  // The arithmetic of money-flow.ts: a fetch of advances or settlements is one transaction of at
  // most 10 s (decision 43), whatever its size; a fetch of hand-overs or polls asks the partner
  // in waves of PARTNER_CALLS_SIDE_BY_SIDE calls of at most 5 s, then writes in one transaction
  // of at most 10 s; and a dead process's job runs again in under a minute (expiry, the
  // supervisor's interval, and the first retry's delay of at most 10 s).
  expect(10).toBeLessThan(FLOW_EXPIRY_SECONDS);
  const waves = Math.ceil(ADVANCE_BATCH_SIZE / PARTNER_CALLS_SIDE_BY_SIDE);
  expect(waves * 5 + 10).toBeLessThan(FLOW_EXPIRY_SECONDS);
  expect(FLOW_EXPIRY_SECONDS + EXPIRY_CHECK_SECONDS + 10).toBeLessThan(60);
});
