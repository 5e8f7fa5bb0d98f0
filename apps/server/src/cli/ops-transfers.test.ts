import { describe, expect, it } from 'vitest';
import { confirmedTransfer, transferOf } from '../modules/transfers/transfer-holds-test-kit.ts';
import { readySender } from '../modules/transfers/transfers-test-kit.ts';
import { TestClock } from '../test/clock.ts';
import { postgresBesideServer, runOps } from '../test/ops-cli.ts';
import { testEnvironment } from '../test/test-config.ts';

/**
 * `npm run ops -- transfers:*` as an operator runs it (decision 0039), on PostgreSQL beside a
 * running server (an app in this process); the CLI runs in this process too (ops.test.ts runs
 * its binary). The actions' effects and records are tested through the handlers in
 * modules/transfers/operator-transfers.test.ts; here, the command line, the output and the exit
 * codes.
 */
describe.runIf(Boolean(testEnvironment.databaseUrl))('transfers:* on PostgreSQL', () => {
  const clock = new TestClock();
  const besideServer = postgresBesideServer({}, { clock });

  it('shows, holds and releases a transfer, and refuses what its state does not allow', async () => {
    const { server, database, opsEnvironment } = await besideServer();
    const { browser } = await readySender(server.app, database.db, clock);
    const transfer = await confirmedTransfer(browser, database.db, clock);
    const env = opsEnvironment({ CORRIDOR_OPERATOR: 'margaret' });
    const number = transfer.transaction_number;

    const held = await runOps(env, 'transfers:hold', number, '--reason', 'Sanctions list match');
    expect(held.code, held.stderr).toBe(0);
    expect(held.stdout).toContain(
      `Held: transfer ${number} (PENDING-PAYMENT → ON-HOLD), by margaret, because "Sanctions list match".`,
    );
    expect((await transferOf(browser, transfer.id)).state.code).toBe('ON-HOLD');

    const again = await runOps(env, 'transfers:hold', number, '--reason', 'x');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Transfer ${number} is ON-HOLD: it cannot be held`);

    const shown = await runOps(env, 'transfers:show', number);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('State:            ON-HOLD (OPERATOR-HOLD)');
    expect(shown.stdout).toContain('transfer-held by margaret: "Sanctions list match"');

    const released = await runOps(env, 'transfers:release', transfer.id, '--reason', 'Cleared');
    expect(released.code, released.stderr).toBe(0);
    const listed = await runOps(env, 'transfers:list', '--state', 'PENDING-PAYMENT', '--json');
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ id: transfer.id, state: 'PENDING-PAYMENT' }),
    ]);
    const unknown = await runOps(env, 'transfers:refund', 'TP0000000000', '--reason', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no transfer TP0000000000.');
  }, 120_000);
});
