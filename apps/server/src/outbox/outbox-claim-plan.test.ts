import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { withGenericPlan } from '../test/generic-plan.ts';
import { createTestDatabase } from '../test/test-app.ts';
import { createStatementCounter } from '../test/statement-count.ts';
import { outboxRepository, type NewOutboxRow } from './outbox.repository.ts';

/**
 * The claim's cost under a backlog (docs/performance.md, twelfth session). The server prepares
 * its statements once a connection, and PostgreSQL keeps the generic plan it made while the
 * outbox was still empty: that plan compared every pending message with every other one, so a
 * claim cost the backlog squared (4 ms and 6,000 buffers a claim in the bench). Here the claim's
 * own text is planned on an empty outbox, generic, then run over a backlog of 2,000 messages:
 * taking a round of 20 must read about the round, not the backlog.
 */

const statements = createStatementCounter();
let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase(statements);
});
afterAll(async () => {
  await database.close();
});

it('a claim planned on an empty outbox reads about its round, not the backlog', async () => {
  const now = new Date();
  const sent = await statements.during(async () => {
    expect(await outboxRepository.claimDue(database.db, now, 20, now)).toEqual([]);
  });
  const claim = sent.find((text) => text.startsWith('with "candidates"'));
  expect(claim, sent.join('\n')).toBeDefined();

  await withGenericPlan(database.db, 'outbox_claim_plan', claim ?? '', async (tx, plan) => {
    // Every time is now (and so is the lease: the claim is rolled back); the integer is the limit.
    const values = plan.parameterTypes.map((type) =>
      type.startsWith('timestamp') ? `'${now.toISOString()}'` : '20',
    );
    // The generic plan is made here, on the empty outbox.
    await plan.plan(values);

    const earlier = new Date(now.getTime() - 1000);
    const aggregates = Array.from({ length: 400 }, () => crypto.randomUUID());
    const backlog: NewOutboxRow[] = [];
    for (let n = 0; n < 5; n += 1) {
      for (const aggregateId of aggregates) {
        backlog.push({
          id: crypto.randomUUID(),
          aggregateType: 'test',
          aggregateId,
          kind: 'note',
          payload: { n },
          createdAt: earlier,
        });
      }
    }
    await outboxRepository.insertMany(tx, backlog);

    const read = await plan.measure(values);
    // The round: the first message of 20 aggregates.
    expect(read.actualRows).toBe(20);
    // Before, 1,000,000 and more; a round of 20 reads and writes a few hundred.
    expect(read.sharedHitBlocks).toBeLessThan(2000);
  });
});
