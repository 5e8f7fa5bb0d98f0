import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  apiPaths,
  countryListSchema,
  customerSchema,
  quoteSchema,
  type Quote,
} from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/database.ts';
import { customers } from '../modules/customers/customers.schema.ts';
import { FetchBrowser } from '../test/fetch-browser.ts';
import {
  embeddedServerEnvironment,
  freePort,
  killRunningServers,
  startServer,
} from '../test/server-process.ts';
import { operatorActionsOn, runOps as ops } from '../test/ops-cli.ts';
import { STRONG_PASSWORD } from '../test/test-browser.ts';
import { waitUntil } from '../test/wait-for.ts';

/**
 * `npm run ops -- customers:block|unblock` (decision 0039) against a real server process on the
 * embedded database (over its socket), then on the database itself once it has stopped: the
 * quote tells a blocked customer so, and every action is recorded with who and why.
 *
 * Only embedded servers: the PostgreSQL pass of CI leaves `*.embedded.test.ts` to the embedded
 * one (docs/architecture.md#tests).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ops-customers-'));
const BLOCKED = 'Sending money is restricted on your account. Please contact our support team.';

afterAll(async () => {
  await killRunningServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function environment(port: number, settings: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = embeddedServerEnvironment({ PORT: String(port), DATA_DIR: dataDir, ...settings });
  // Only what the test gives: an operator in the environment would hide a missing --as.
  if (settings.CORRIDOR_OPERATOR === undefined) delete env.CORRIDOR_OPERATOR;
  return env;
}

/** A customer who signed up and chose GB, over HTTP as a browser does; and their id. */
async function customerIn(origin: string, email: string) {
  const browser = new FetchBrowser(origin);
  const signUp = await browser.post(apiPaths.signup, {
    email,
    password: STRONG_PASSWORD,
    confirm_password: STRONG_PASSWORD,
  });
  expect(signUp.status, await signUp.clone().text()).toBeLessThan(300);
  const countries = countryListSchema.parse(
    await (await browser.get(apiPaths.sourceCountries)).json(),
  );
  const gb = countries.data.find((country) => country.iso2_alpha === 'GB')?.id;
  expect((await browser.post(apiPaths.updateCountry, { country_id: gb })).status).toBeLessThan(300);
  const profile = customerSchema.parse(await (await browser.get(apiPaths.profile)).json());
  return { browser, customerId: profile.id };
}

/** The quote's answer once the server has its rates (its sandbox provider fetches them at start). */
async function quoteOf(browser: FetchBrowser): Promise<Quote> {
  let answer: Response | undefined;
  await waitUntil(async () => {
    answer = await browser.get(`${apiPaths.quote}?amount=100`);
    return answer.status === 200;
  }, 30_000);
  return quoteSchema.parse(await answer?.json());
}

describe('npm run ops -- customers:block / customers:unblock', () => {
  it('blocks and unblocks through the server and on the database, recording who and why', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = startServer(environment(port));
    await server.ready;
    const { browser, customerId } = await customerIn(origin, 'ops-block@example.com');
    expect((await quoteOf(browser)).transfer_disable_reason).not.toBe(BLOCKED);

    // Through the running server, the operator named by --as.
    const blocked = await ops(
      environment(port),
      'customers:block',
      customerId,
      '--reason',
      'Chargeback on the first card payment',
      '--as',
      'ada',
    );
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(blocked.stdout).toContain(`Blocked from sending: customer ${customerId}, by ada`);
    expect((await quoteOf(browser)).transfer_disable_reason).toBe(BLOCKED);

    // The operator from CORRIDOR_OPERATOR.
    const unblocked = await ops(
      environment(port, { CORRIDOR_OPERATOR: 'grace' }),
      'customers:unblock',
      customerId,
      '--reason',
      'The bank reversed the chargeback',
      '--json',
    );
    expect(unblocked.code, unblocked.stderr).toBe(0);
    expect(JSON.parse(unblocked.stdout)).toEqual({
      customer_id: customerId,
      is_blocked_for_sending: false,
      operator: 'grace',
      reason: 'The bank reversed the chargeback',
    });
    expect((await quoteOf(browser)).transfer_disable_reason).not.toBe(BLOCKED);

    // Refusals change nothing: no reason, nobody acting, no such customer, already so.
    const noReason = await ops(environment(port), 'customers:block', customerId, '--as', 'ada');
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('customers:block needs --reason "…"');
    const nobody = await ops(environment(port), 'customers:block', customerId, '--reason', 'x');
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toContain(
      'customers:block needs to know who is acting: give --as <name> or set CORRIDOR_OPERATOR.',
    );
    const unknownId = '00000000-0000-4000-8000-000000000000';
    const unknown = await ops(
      environment(port),
      ...['customers:block', unknownId, '--reason', 'x', '--as', 'ada'],
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(`There is no customer ${unknownId}.`);
    const again = await ops(
      environment(port),
      ...['customers:unblock', customerId, '--reason', 'x', '--as', 'ada'],
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already allowed to send; nothing changed');
    expect((await quoteOf(browser)).transfer_disable_reason).not.toBe(BLOCKED);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // No server: the CLI opens the database itself.
    const direct = await ops(
      environment(port),
      ...['customers:block', customerId, '--reason', 'Asked by compliance', '--as', 'linus'],
    );
    expect(direct.code, direct.stderr).toBe(0);

    const database = await openPglite({ dataDir: path.join(dataDir, 'data') });
    try {
      expect(await operatorActionsOn(database.db, customerId)).toEqual([
        {
          operator: 'ada',
          action: 'customer-blocked',
          subject_type: 'customer',
          reason: 'Chargeback on the first card payment',
        },
        {
          operator: 'grace',
          action: 'customer-unblocked',
          subject_type: 'customer',
          reason: 'The bank reversed the chargeback',
        },
        {
          operator: 'linus',
          action: 'customer-blocked',
          subject_type: 'customer',
          reason: 'Asked by compliance',
        },
      ]);
      const [customer] = await database.db
        .select({ blocked: customers.is_blocked_for_sending })
        .from(customers)
        .where(eq(customers.id, customerId));
      expect(customer?.blocked).toBe(true);
    } finally {
      await database.close();
    }
  }, 240_000);
});
