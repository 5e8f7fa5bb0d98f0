import { describe, expect, it } from 'vitest';
import { confirmedTransfer } from '../modules/transfers/transfer-holds-test-kit.ts';
import { readySender } from '../modules/transfers/transfers-test-kit.ts';
import { TestClock } from '../test/clock.ts';
import { postgresBesideServer, runOps } from '../test/ops-cli.ts';
import { testEnvironment } from '../test/test-config.ts';

/**
 * `npm run ops -- payments:*` as an operator runs it, on PostgreSQL beside a running server (as
 * ops-transfers.test.ts): the command line, the output and the exit codes. What the commands do
 * is tested through the handlers in modules/operator-actions/operator-payments.test.ts.
 */
describe.runIf(Boolean(testEnvironment.databaseUrl))('payments:* on PostgreSQL', () => {
  const clock = new TestClock();
  const besideServer = postgresBesideServer({}, { clock });

  it('lists and shows a payment, and refuses to refund one not paid', async () => {
    const { server, database, opsEnvironment } = await besideServer();
    const { browser } = await readySender(server.app, database.db, clock);
    const transfer = await confirmedTransfer(browser, database.db, clock);
    const env = opsEnvironment({ CORRIDOR_OPERATOR: 'margaret' });
    const number = transfer.transaction_number;

    const listed = await runOps(env, 'payments:list', '--transfer', number);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('REFERENCE');
    expect(listed.stdout).toContain(number);
    expect(listed.stdout).toContain('PENDING');

    const shown = await runOps(env, 'payments:show', number);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Payment:          ${number} (${transfer.payment.id})`);
    expect(shown.stdout).toContain('Refunded:         GBP 0.00');

    const refused = await runOps(env, 'payments:refund', number, '--reason', 'Goodwill');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `Payment ${number} is PENDING: nothing of it is ours to refund; nothing changed.`,
    );
    const unknown = await runOps(env, 'payments:show', 'TP0000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no payment TP0000000000.');
  }, 120_000);
});
