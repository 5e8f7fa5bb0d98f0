import { apiPaths, customerSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { verifiedCustomer } from '../test/factories.ts';
import { operatorActionsOn, postgresBesideServer, runOps as ops } from '../test/ops-cli.ts';
import { testEnvironment } from '../test/test-config.ts';

/**
 * On PostgreSQL the CLI opens the database itself beside a running server (an app in this
 * process): the server's customer resource shows the block at once (the eviction reaches it
 * through Redis, or nothing is cached without it), and the actions are recorded.
 */
describe.runIf(Boolean(testEnvironment.databaseUrl))('customers:block on PostgreSQL', () => {
  const besideServer = postgresBesideServer();

  it('blocks and unblocks beside the running server', async () => {
    const { server, database, opsEnvironment } = await besideServer();
    const { browser, customer } = await verifiedCustomer(server.app, 'ops-block-pg@example.com');
    const customerId = customer.id;
    const blockedNow = async () =>
      customerSchema.parse((await browser.get(apiPaths.profile)).json()).is_blocked_for_sending;
    expect(await blockedNow()).toBe(false);

    const env = opsEnvironment({ CORRIDOR_OPERATOR: 'margaret' });
    const blocked = await ops(env, 'customers:block', customerId, '--reason', 'Fraud alert');
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(await blockedNow()).toBe(true);
    const unblocked = await ops(env, 'customers:unblock', customerId, '--reason', 'Cleared');
    expect(unblocked.code, unblocked.stderr).toBe(0);
    expect(await blockedNow()).toBe(false);
    expect(await operatorActionsOn(database.db, customerId)).toEqual([
      {
        operator: 'margaret',
        action: 'customer-blocked',
        subject_type: 'customer',
        reason: 'Fraud alert',
      },
      {
        operator: 'margaret',
        action: 'customer-unblocked',
        subject_type: 'customer',
        reason: 'Cleared',
      },
    ]);
  }, 120_000);
});
