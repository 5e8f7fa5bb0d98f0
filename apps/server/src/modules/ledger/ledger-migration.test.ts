import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../../app/reference-data.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/database.ts';
import { TestClock } from '../../test/clock.ts';
import { onPostgresServer, postgresDatabaseUrl } from '../../test/postgres-server.ts';
import { testEnvironment } from '../../test/test-config.ts';
import { accounts, entryIdOf } from './index.ts';
import { ledgerOn } from './ledger-test-kit.ts';

/**
 * Migration 0015 (docs/decisions/0041-balances-on-accounts.md) on a ledger written before it:
 * the accounts' kept balances are backfilled from the postings, posted, pending, posted later
 * and voided alike, and `ledger:check` then finds them equal to the postings' sums.
 */
const migrations = path.resolve(import.meta.dirname, '../../../drizzle');
const BEFORE = '0014_operator_transfer_actions';
const serverUrl = testEnvironment.databaseUrl;
const name = `corridor_test_${crypto.randomBytes(6).toString('hex')}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'corridor-ledger-migration-'));

afterAll(async () => {
  if (serverUrl)
    await onPostgresServer(serverUrl, `drop database if exists "${name}" with (force)`);
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The migrations up to and including `last`: a copy of the folder with a shorter journal. */
function migrationsUpTo(last: string): string {
  fs.cpSync(migrations, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const end = journal.entries.findIndex((entry) => entry.tag === last);
  expect(end).toBeGreaterThanOrEqual(0);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function openAt(last: string): Promise<DatabaseHandle> {
  const migrationsFolder = migrationsUpTo(last);
  if (serverUrl) {
    await onPostgresServer(serverUrl, `create database "${name}"`);
    const database = await openPostgres(postgresDatabaseUrl(serverUrl, name));
    await migrateNodePostgres(database.db as unknown as NodePgDatabase, { migrationsFolder });
    return database;
  }
  const database = await openPglite();
  await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  return database;
}

describe('migration 0015: balances kept on the accounts', () => {
  it('backfills every account from its postings, and ledger:check finds them equal', async () => {
    const database = await openAt(BEFORE);
    try {
      await seedReferenceData(database.db);
      const customer = accounts.customer(crypto.randomUUID(), 'GBP');
      const safeguarding = accounts.safeguarding('GBP');
      const transit = (n: number) => accounts.transit(`tx-${n}`, 'GBP');
      // The ledger as 0011 wrote it: no balance columns yet, so plain SQL.
      const entry = async (
        event: string,
        phase: string,
        postings: [string, 'debit' | 'credit', number][],
        pendingOf?: string,
      ) => {
        const id = entryIdOf({ transactionId: 'before-0015', event });
        const pendingId = pendingOf
          ? entryIdOf({ transactionId: 'before-0015', event: pendingOf })
          : null;
        await database.db.execute(sql`
          insert into ledger_entries (id, transaction_id, event, phase, pending_id, created_at)
          values (${id}, 'before-0015', ${event}, ${phase}, ${pendingId}, now())`);
        for (const [account, side, amount] of postings) {
          await database.db.execute(sql`
            insert into ledger_accounts (id, currency, sign_rule, created_at)
            values (${account}, 'GBP', ${account.startsWith('bank:') ? 'none' : 'credit'}, now())
            on conflict do nothing`);
          await database.db.execute(sql`
            insert into ledger_postings (entry_id, account_id, currency, side, amount)
            values (${id}, ${account}, 'GBP', ${side}, ${amount})`);
        }
      };
      await entry('paid-in', 'posted', [
        [safeguarding, 'debit', 1_000],
        [customer, 'credit', 1_000],
      ]);
      await entry('sent-1', 'pending', [
        [customer, 'debit', 300],
        [transit(1), 'credit', 300],
      ]);
      await entry('sent-1.posted', 'post', [], 'sent-1');
      await entry('sent-2', 'pending', [
        [customer, 'debit', 200],
        [transit(2), 'credit', 200],
      ]);
      await entry('sent-2.voided', 'void', [], 'sent-2');
      await entry('sent-3', 'pending', [
        [customer, 'debit', 100],
        [transit(3), 'credit', 100],
      ]);

      await database.migrate();

      const { ledger } = ledgerOn(database.db, { clock: new TestClock() });
      const balance = (account: string) => ledger.balance(database.db, account);
      expect(await balance(customer)).toMatchObject({
        posted: { debits: 300n, credits: 1_000n },
        pending: { debits: 100n, credits: 0n },
        available: 600n,
      });
      expect(await balance(safeguarding)).toMatchObject({
        posted: { debits: 1_000n, credits: 0n },
        pending: { debits: 0n, credits: 0n },
      });
      expect((await balance(transit(1))).posted).toEqual({ debits: 0n, credits: 300n });
      expect(await balance(transit(2))).toMatchObject({
        posted: { debits: 0n, credits: 0n },
        pending: { debits: 0n, credits: 0n },
      });
      expect((await balance(transit(3))).pending).toEqual({ debits: 0n, credits: 100n });
      expect(await ledger.check()).toEqual([]);
    } finally {
      await database.close();
    }
  }, 120_000);
});
