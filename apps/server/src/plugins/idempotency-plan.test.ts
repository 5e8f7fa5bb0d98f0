import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInCustomer } from '../test/factories.ts';
import { withGenericPlan } from '../test/generic-plan.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { idempotencyKeys } from './idempotency.schema.ts';
import { findStoredMany } from './idempotency-statements.ts';

/**
 * A group's read of its keys' answers (docs/performance.md, twelfth session). The server
 * prepares it once a connection, and PostgreSQL keeps the generic plan it made while
 * `idempotency_keys` was small: joined as a set (100 rows estimated), the keys were matched by
 * a hash join over a sequential scan of every stored answer, a day's worth in production. Here
 * its text is planned generic while the table is small, then run over 3,000 answers: each key
 * must be one primary-key probe.
 */

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp.close();
});

it("a group's read, planned while the table is small, probes each key", async () => {
  const { db } = testApp.database;
  const { customerId } = await signedInCustomer(testApp.app, db);
  const keys = [crypto.randomUUID(), crypto.randomUUID()].map((key) => ({
    customer: customerId,
    key,
  }));
  const sent = await testApp.statements.during(() =>
    db.transaction(async (tx) => {
      expect((await findStoredMany(tx, keys, ['plan-test'])).size).toBe(0);
    }),
  );
  const read = sent.find((text) => text.includes('"use_case_locks"'));
  expect(read, sent.join('\n')).toBeDefined();

  await withGenericPlan(db, 'idempotency_read_plan', read ?? '', async (tx, plan) => {
    const locks = `'["plan-test"]'`;
    const wanted = `'${JSON.stringify(keys)}'`;
    // The lock names, then the keys, in the statement's order; any number is the limit.
    const jsons = [locks, wanted];
    const values = plan.parameterTypes.map((type) =>
      type === 'jsonb' ? (jsons.shift() ?? wanted) : '1',
    );
    // The generic plan is made here, while the table is small.
    await plan.plan(values);

    const now = new Date();
    const later = new Date(now.getTime() + 60_000);
    await tx.insert(idempotencyKeys).values(
      Array.from({ length: 3000 }, () => ({
        customer_id: customerId,
        key: crypto.randomUUID(),
        request_hash: 'h',
        response_status: 201,
        response_content_type: 'application/json; charset=utf-8',
        response_body: JSON.stringify({ note: 'x'.repeat(1000) }),
        created_at: now,
        expires_at: later,
      })),
    );

    // A sequential scan reads the 3,000 answers' hundreds of pages; two probes read a few.
    expect((await plan.measure(values)).sharedHitBlocks).toBeLessThan(50);
  });
});
