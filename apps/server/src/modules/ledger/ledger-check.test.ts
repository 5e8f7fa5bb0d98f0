import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../app/reference-data.ts';
import { openPglite, openPostgres, type Database, type DatabaseHandle } from '../../db/database.ts';
import { violatedConstraint } from '../../errors/constraint-violations.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { runOps } from '../../test/ops-cli.ts';
import { onPostgresServer, postgresDatabaseUrl } from '../../test/postgres-server.ts';
import { embeddedServerEnvironment } from '../../test/server-process.ts';
import { inheritedEnvironment, testEnvironment } from '../../test/test-config.ts';
import { accounts, movement, type LedgerViolation } from './index.ts';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from './ledger.schema.ts';
import { ledgerOn } from './ledger-test-kit.ts';

/**
 * `ledger:check` (docs/product/sending-money.md#invariants) finds what the service would never
 * write: rows inserted behind its back, as a bug or a hand in the database could.
 */
const clock = new TestClock();
const testApp = appPerFile({ clock });

/** Writes an entry straight into the tables, with none of the service's checks. */
async function insertBehindTheLedger(
  db: Database,
  postings: { account: string; currency: string; side: 'debit' | 'credit'; amount: bigint }[],
): Promise<string> {
  const id = crypto.randomUUID();
  const now = clock.now();
  await db
    .insert(ledgerAccounts)
    .values(
      postings.map((posting) => ({
        id: posting.account,
        currency: posting.currency,
        sign_rule: posting.account.startsWith('customer:') ? 'credit' : 'none',
        created_at: now,
      })),
    )
    .onConflictDoNothing();
  await db.insert(ledgerEntries).values({
    id,
    transaction_id: `manual-${id}`,
    event: 'by-hand',
    phase: 'posted',
    created_at: now,
  });
  await db.insert(ledgerPostings).values(
    postings.map((posting) => ({
      entry_id: id,
      account_id: posting.account,
      currency: posting.currency,
      side: posting.side,
      amount: posting.amount,
    })),
  );
  return id;
}

describe('ledger:check on a broken ledger', () => {
  it('reports every violation: unbalanced, below zero, transit left over, safeguarding short', async () => {
    const { db } = testApp.database;
    const tx = crypto.randomUUID();
    const finished = {
      finishedOf: async (_ex: unknown, ids: readonly string[]) => ids.filter((id) => id === tx),
    };
    const { ledger, uow } = ledgerOn(db, { clock, finishedTransfers: finished });
    expect(await ledger.check()).toEqual([]);

    // Through the service: a transfer paid into transit and then called finished.
    const customer = crypto.randomUUID();
    await uow.run(async (t) => {
      await ledger.record(t, {
        cause: { transactionId: tx, event: 'payment-captured' },
        postings: movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), 300n),
      });
      await ledger.record(t, {
        cause: { transactionId: tx, event: 'transfer-paid' },
        postings: movement(accounts.customer(customer, 'GBP'), accounts.transit(tx, 'GBP'), 300n),
      });
    });
    // Behind its back: an entry that does not balance, and a customer taken below zero.
    const unbalanced = await insertBehindTheLedger(db, [
      { account: accounts.safeguarding('USD'), currency: 'USD', side: 'debit', amount: 100n },
      { account: accounts.fees('USD'), currency: 'USD', side: 'credit', amount: 90n },
    ]);
    const owedTooMuch = crypto.randomUUID();
    await insertBehindTheLedger(db, [
      {
        account: accounts.customer(owedTooMuch, 'EUR'),
        currency: 'EUR',
        side: 'debit',
        amount: 50n,
      },
      { account: accounts.fees('EUR'), currency: 'EUR', side: 'credit', amount: 50n },
    ]);
    await insertBehindTheLedger(db, [
      { account: accounts.fees('GBP'), currency: 'GBP', side: 'debit', amount: 1_000n },
      {
        account: accounts.customer(customer, 'GBP'),
        currency: 'GBP',
        side: 'credit',
        amount: 1_000n,
      },
    ]);

    const found = await ledger.check();
    expect(found.filter((violation) => violation.rule !== 'kept-balance-differs')).toEqual([
      { rule: 'entry-unbalanced', entry_id: unbalanced, currency: 'USD', difference: '10' },
      { rule: 'sign-rule', account: accounts.customer(owedTooMuch, 'EUR'), available: '-50' },
      {
        rule: 'transit-not-zero',
        account: accounts.transit(tx, 'GBP'),
        transaction_id: tx,
        balance: '300',
      },
      { rule: 'safeguarding-short', currency: 'GBP', held: '300', owed: '1300' },
    ]);
    // Rows written behind the ledger's back moved no account's kept balance: every account they
    // touched keeps other sums than its postings' (decision 0041), and the check names each.
    expect(keptDiffering(found)).toEqual(
      [
        accounts.safeguarding('USD'),
        accounts.fees('USD'),
        accounts.customer(owedTooMuch, 'EUR'),
        accounts.fees('EUR'),
        accounts.fees('GBP'),
        accounts.customer(customer, 'GBP'),
      ].sort(),
    );
    // The app's own check (no transfers module yet: no transfer is finished) finds the rest.
    expect(
      (await testApp.app.ops.ledger.check())
        .map((violation) => violation.rule)
        .filter((rule) => rule !== 'kept-balance-differs'),
    ).toEqual(['entry-unbalanced', 'sign-rule', 'safeguarding-short']);
  });

  it('reports an account whose kept balance differs from its postings, and the database refuses a kept balance below zero', async () => {
    const { db } = testApp.database;
    const { ledger, uow } = ledgerOn(db, { clock });
    const customer = accounts.customer(crypto.randomUUID(), 'GBP');
    await uow.run((t) =>
      ledger.record(t, {
        cause: { transactionId: crypto.randomUUID(), event: 'payment-captured' },
        postings: movement(accounts.safeguarding('GBP'), customer, 250n),
      }),
    );
    expect(keptDiffering(await ledger.check())).not.toContain(customer);

    // A hand in the database may change a balance column (the only ones a writer updates)…
    await db
      .update(ledgerAccounts)
      .set({ credits_posted: sql`${ledgerAccounts.credits_posted} + 1` })
      .where(eq(ledgerAccounts.id, customer));
    expect(
      (await ledger.check()).filter(
        (violation) => violation.rule === 'kept-balance-differs' && violation.account === customer,
      ),
    ).toEqual([
      {
        rule: 'kept-balance-differs',
        account: customer,
        kept: {
          debits_posted: '0',
          credits_posted: '251',
          debits_pending: '0',
          credits_pending: '0',
        },
        summed: {
          debits_posted: '0',
          credits_posted: '250',
          debits_pending: '0',
          credits_pending: '0',
        },
      },
    ]);
    // …but never take a customer's below zero: the sign rule is the row's own CHECK.
    const refused = await db
      .update(ledgerAccounts)
      .set({ debits_pending: 252n })
      .where(eq(ledgerAccounts.id, customer))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(violatedConstraint(refused)).toBe('ledger_accounts_credit_available');
  });
});

/** The accounts `ledger:check` found keeping other sums than their postings', sorted. */
const keptDiffering = (found: readonly LedgerViolation[]) =>
  found
    .flatMap((violation) => (violation.rule === 'kept-balance-differs' ? [violation.account] : []))
    .sort();

/**
 * `npm run ops -- ledger:check` as an operator runs it, on a database of its own; in this process
 * (cli/ops.test.ts runs the real binary).
 */
describe('npm run ops -- ledger:check', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ledger-check-'));
  const serverUrl = testEnvironment.databaseUrl;
  const name = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;

  afterAll(async () => {
    if (serverUrl)
      await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
    fs.rmSync(folder, { recursive: true, force: true });
  });

  /** The database the CLI will open: PostgreSQL's when the suite runs there, else DATA_DIR's. */
  async function open(): Promise<DatabaseHandle> {
    if (serverUrl) return openPostgres(postgresDatabaseUrl(serverUrl, name));
    return openPglite({ dataDir: path.join(folder, 'data') });
  }

  function ops(...args: string[]) {
    const env = serverUrl
      ? {
          ...inheritedEnvironment(),
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATA_DIR: folder,
          DATABASE_URL: postgresDatabaseUrl(serverUrl, name),
        }
      : embeddedServerEnvironment({ DATA_DIR: folder });
    return runOps(env, ...args);
  }

  it('exits 0 on a ledger that holds, and 1 listing the violations on a broken one', async () => {
    if (serverUrl) await onPostgresServer(serverUrl, `create database "${name}"`);
    let database = await open();
    await database.migrate();
    await seedReferenceData(database.db);
    const { ledger, uow } = ledgerOn(database.db, { clock });
    await uow.run((t) =>
      ledger.record(t, {
        cause: { transactionId: 'cli-check', event: 'payment-captured' },
        postings: movement(accounts.safeguarding('GBP'), accounts.customer('someone', 'GBP'), 10n),
      }),
    );
    await database.close();

    const holds = await ops('ledger:check');
    expect(holds.code, holds.stderr).toBe(0);
    expect(holds.stdout).toContain('The ledger holds: no violations.');

    database = await open();
    const broken = await insertBehindTheLedger(database.db, [
      { account: accounts.safeguarding('GBP'), currency: 'GBP', side: 'debit', amount: 7n },
      { account: accounts.fees('GBP'), currency: 'GBP', side: 'credit', amount: 5n },
    ]);
    await database.close();

    const found = await ops('ledger:check');
    expect(found.code, found.stderr).toBe(1);
    expect(found.stdout).toContain('The ledger is broken: 3 violations.');
    expect(found.stdout).toContain(
      `[entry-unbalanced] entry ${broken} does not sum to zero in GBP (debits − credits = 2)`,
    );
    // Written behind the ledger's back, those postings moved no kept balance.
    expect(found.stdout).toContain(
      '[kept-balance-differs] bank:safeguarding:GBP keeps debits_posted 10, credits_posted 0, debits_pending 0, credits_pending 0 but its postings sum to debits_posted 17, credits_posted 0, debits_pending 0, credits_pending 0',
    );
    const json = await ops('ledger:check', '--json');
    expect(json.code).toBe(1);
    const sums = (debits: string, credits: string) => ({
      debits_posted: debits,
      credits_posted: credits,
      debits_pending: '0',
      credits_pending: '0',
    });
    expect(JSON.parse(json.stdout)).toEqual([
      { rule: 'entry-unbalanced', entry_id: broken, currency: 'GBP', difference: '2' },
      {
        rule: 'kept-balance-differs',
        account: accounts.safeguarding('GBP'),
        kept: sums('10', '0'),
        summed: sums('17', '0'),
      },
      {
        rule: 'kept-balance-differs',
        account: accounts.fees('GBP'),
        kept: sums('0', '0'),
        summed: sums('0', '5'),
      },
    ]);
    expect((await ops('ledger:check', 'extra')).code).toBe(2);
  }, 180_000);
});
