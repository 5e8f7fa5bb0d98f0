import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/executor.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, TestClock } from '../../test/clock.ts';
import { testEnvironment } from '../../test/test-config.ts';
import { waitUntil } from '../../test/wait-for.ts';
import {
  accounts,
  entryIdOf,
  LedgerError,
  movement,
  type LedgerErrorCode,
  type NewEntry,
} from './index.ts';
import { ledgerEntries, ledgerPostings } from './ledger.schema.ts';
import { ledgerOn } from './ledger-test-kit.ts';

/**
 * The ledger on the real database (docs/decisions/0037-the-ledger.md): entries, ids from causes,
 * two phases, sign rules, append-only tables, concurrent debits and a whole transfer.
 */
const clock = new TestClock();
const testApp = appPerFile({ clock, movesMoney: true });

const service = () => ledgerOn(testApp.database.db, { clock });
const id = () => crypto.randomUUID();

async function record(entry: NewEntry) {
  const { ledger, uow } = service();
  return uow.run((tx) => ledger.record(tx, entry));
}

async function refusal(work: Promise<unknown>): Promise<LedgerErrorCode> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LedgerError);
  return (error as LedgerError).code;
}

const balanceOf = (account: string) => service().ledger.balance(testApp.database.db, account);

async function entryCount(transactionId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, transactionId));
  return row?.n ?? 0;
}

/** A customer paid in `amount` GBP (minor units): safeguarding → customer. */
async function fundedCustomer(amount: bigint): Promise<string> {
  const customer = id();
  await record({
    cause: { transactionId: `funding-${customer}`, event: 'payment-captured' },
    postings: movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), amount),
  });
  return customer;
}

describe('entries', () => {
  it('records balanced postings and derives the balances from them', async () => {
    const customer = await fundedCustomer(10_200n);
    expect(await balanceOf(accounts.customer(customer, 'GBP'))).toMatchObject({
      currency: 'GBP',
      posted: { debits: 0n, credits: 10_200n },
      pending: { debits: 0n, credits: 0n },
      available: 10_200n,
    });
    // An account never used reads zero.
    expect((await balanceOf(accounts.customer(id(), 'GBP'))).available).toBe(0n);
  });

  it('refuses postings that do not sum to zero per currency, writing nothing', async () => {
    const tx = `tx-${id()}`;
    const customer = id();
    expect(
      await refusal(
        record({
          cause: { transactionId: tx, event: 'payment-captured' },
          postings: [
            { account: accounts.safeguarding('GBP'), side: 'debit', amount: 10_200n },
            { account: accounts.customer(customer, 'GBP'), side: 'credit', amount: 10_000n },
          ],
        }),
      ),
    ).toBe('unbalanced');
    // Balanced in total but not per currency.
    expect(
      await refusal(
        record({
          cause: { transactionId: tx, event: 'conversion' },
          postings: [
            { account: accounts.fxPosition('GBP'), side: 'debit', amount: 100n },
            { account: accounts.fxPosition('INR'), side: 'credit', amount: 100n },
          ],
        }),
      ),
    ).toBe('unbalanced');
    expect(await entryCount(tx)).toBe(0);
  });

  it('refuses an unknown account, a bad cause and an amount that is not positive', async () => {
    const cause = { transactionId: `tx-${id()}`, event: 'payment-captured' };
    const safeguarding = accounts.safeguarding('GBP');
    expect(
      await refusal(record({ cause, postings: movement(safeguarding, 'customers:x:GBP', 1n) })),
    ).toBe('invalid_entry');
    expect(
      await refusal(record({ cause, postings: movement(safeguarding, accounts.fees('GBP'), 0n) })),
    ).toBe('invalid_entry');
    expect(
      await refusal(
        record({
          cause: { transactionId: 'a:b', event: 'x' },
          postings: movement(safeguarding, accounts.fees('GBP'), 1n),
        }),
      ),
    ).toBe('invalid_entry');
    expect(await refusal(record({ cause, postings: [] }))).toBe('invalid_entry');
  });

  it('takes its id from its cause: the same cause twice is one entry, other content an error', async () => {
    const customer = id();
    const entry: NewEntry = {
      cause: { transactionId: `tx-${id()}`, event: 'payment-captured' },
      postings: movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), 500n),
    };
    const first = await record(entry);
    const again = await record({ ...entry, postings: [...entry.postings].reverse() });
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ id: first.id, phase: 'posted', replayed: true });
    expect(await entryCount(entry.cause.transactionId)).toBe(1);
    expect((await balanceOf(accounts.customer(customer, 'GBP'))).available).toBe(500n);

    const other = movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), 501n);
    expect(await refusal(record({ ...entry, postings: other }))).toBe('conflicting_replay');
    expect(await refusal(record({ ...entry, pending: { timeoutAt: null } }))).toBe(
      'conflicting_replay',
    );
    expect((await balanceOf(accounts.customer(customer, 'GBP'))).available).toBe(500n);
  });

  it('joins the caller’s transaction: a rolled-back use case leaves no entry', async () => {
    const { ledger, uow } = service();
    const tx = `tx-${id()}`;
    const failed = uow.run(async (transaction: Tx) => {
      await ledger.record(transaction, {
        cause: { transactionId: tx, event: 'payment-captured' },
        postings: movement(accounts.safeguarding('GBP'), accounts.customer(id(), 'GBP'), 100n),
      });
      throw new Error('the state change failed');
    });
    await expect(failed).rejects.toThrow('the state change failed');
    expect(await entryCount(tx)).toBe(0);
  });
});

describe('two phases', () => {
  async function reserved(amount: bigint, timeoutAt: Date | null = null) {
    const customer = await fundedCustomer(amount);
    const tx = `tx-${id()}`;
    const pending = { transactionId: tx, event: 'transfer-paid' };
    await record({
      cause: pending,
      postings: movement(accounts.customer(customer, 'GBP'), accounts.transit(tx, 'GBP'), amount),
      pending: { timeoutAt },
    });
    return { customer, tx, pending };
  }

  it('holds a pending debit against the available balance, posts it once', async () => {
    const { customer, tx, pending } = await reserved(10_200n);
    expect(await balanceOf(accounts.customer(customer, 'GBP'))).toMatchObject({
      posted: { debits: 0n, credits: 10_200n },
      pending: { debits: 10_200n, credits: 0n },
      available: 0n,
    });
    // A pending credit is not the transit account's yet.
    expect((await balanceOf(accounts.transit(tx, 'GBP'))).available).toBe(0n);

    const { ledger, uow } = service();
    const closed = { transactionId: tx, event: 'cancellation-window-closed' };
    const posted = await uow.run((t) => ledger.post(t, { pending, cause: closed }));
    expect(posted).toMatchObject({ phase: 'post', replayed: false });
    expect(await uow.run((t) => ledger.post(t, { pending, cause: closed }))).toMatchObject({
      replayed: true,
    });
    const twice = { transactionId: tx, event: 'posted-again' };
    expect(await refusal(uow.run((t) => ledger.post(t, { pending, cause: twice })))).toBe(
      'already_settled',
    );
    expect(await refusal(uow.run((t) => ledger.voidPending(t, { pending, cause: twice })))).toBe(
      'already_settled',
    );
    expect(await balanceOf(accounts.customer(customer, 'GBP'))).toMatchObject({
      posted: { debits: 10_200n, credits: 10_200n },
      pending: { debits: 0n, credits: 0n },
      available: 0n,
    });
    expect((await balanceOf(accounts.transit(tx, 'GBP'))).available).toBe(10_200n);
  });

  it('settles a batch of pending entries alone (recordMany with no new entry)', async () => {
    // A batch of payouts paid posts pending entries and records none (poll-batch.ts).
    const first = await reserved(3_000n);
    const second = await reserved(4_000n);
    const { ledger, uow } = service();
    const settled = (one: { tx: string; pending: { transactionId: string; event: string } }) => ({
      settlement: { pending: one.pending, cause: { transactionId: one.tx, event: 'posted' } },
      outcome: 'post' as const,
    });
    await uow.run((t) =>
      ledger.recordMany(t, { records: [], settlements: [settled(first), settled(second)] }),
    );
    for (const [one, amount] of [
      [first, 3_000n],
      [second, 4_000n],
    ] as const) {
      expect(await balanceOf(accounts.customer(one.customer, 'GBP'))).toMatchObject({
        posted: { debits: amount, credits: amount },
        pending: { debits: 0n, credits: 0n },
      });
      expect((await balanceOf(accounts.transit(one.tx, 'GBP'))).available).toBe(amount);
    }
  });

  it('voids a pending entry once, and never posts it afterwards', async () => {
    const { customer, tx, pending } = await reserved(5_000n);
    const { ledger, uow } = service();
    const cancelled = { transactionId: tx, event: 'cancelled' };
    expect(await uow.run((t) => ledger.voidPending(t, { pending, cause: cancelled }))).toEqual(
      expect.objectContaining({ phase: 'void', replayed: false }),
    );
    expect(
      await uow.run((t) => ledger.voidPending(t, { pending, cause: cancelled })),
    ).toMatchObject({ replayed: true });
    const closed = { transactionId: tx, event: 'cancellation-window-closed' };
    expect(await refusal(uow.run((t) => ledger.post(t, { pending, cause: closed })))).toBe(
      'already_settled',
    );
    expect(await balanceOf(accounts.customer(customer, 'GBP'))).toMatchObject({
      posted: { debits: 0n, credits: 5_000n },
      pending: { debits: 0n, credits: 0n },
      available: 5_000n,
    });
    expect((await balanceOf(accounts.transit(tx, 'GBP'))).posted).toEqual({
      debits: 0n,
      credits: 0n,
    });
    // Only a pending entry is settled; an unknown one is not.
    const posted = { transactionId: `funding-${customer}`, event: 'payment-captured' };
    expect(
      await refusal(uow.run((t) => ledger.voidPending(t, { pending: posted, cause: cancelled }))),
    ).toBe('not_pending');
    const unknown = { transactionId: tx, event: 'never-recorded' };
    expect(await refusal(uow.run((t) => ledger.post(t, { pending: unknown, cause: closed })))).toBe(
      'unknown_entry',
    );
  });

  it('lets a pending entry past its timeout only be voided, and the job voids it', async () => {
    const timeoutAt = new Date(clock.now().getTime() + 30 * MINUTE);
    const { customer, tx, pending } = await reserved(700n, timeoutAt);
    const { ledger, uow } = service();
    // Before the timeout: nothing to sweep.
    expect(await ledger.voidExpired()).toBe(0);
    clock.advance(31 * MINUTE);
    const closed = { transactionId: tx, event: 'cancellation-window-closed' };
    expect(await refusal(uow.run((t) => ledger.post(t, { pending, cause: closed })))).toBe(
      'pending_expired',
    );
    // The app's ledger.void-expired job, due every minute on the clock, voids it.
    await testApp.app.jobs.tick();
    await waitUntil(async () => (await entryCount(tx)) === 2, 20_000);
    const [voided] = await testApp.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.pending_id, entryIdOf(pending)));
    expect(voided).toMatchObject({ phase: 'void', event: 'transfer-paid.timed-out' });
    expect((await balanceOf(accounts.customer(customer, 'GBP'))).available).toBe(700n);
    // Voided once: a sweep finds nothing left.
    expect(await ledger.voidExpired()).toBe(0);
  });
});

describe('sign rules', () => {
  it('never takes a customer or transit account below zero, counting pending debits', async () => {
    const customer = await fundedCustomer(1_000n);
    const tx = `tx-${id()}`;
    const from = accounts.customer(customer, 'GBP');
    const transit = accounts.transit(tx, 'GBP');
    expect(
      await refusal(
        record({
          cause: { transactionId: tx, event: 'too-much' },
          postings: movement(from, transit, 1_001n),
        }),
      ),
    ).toBe('sign_rule');
    await record({
      cause: { transactionId: tx, event: 'reserve' },
      postings: movement(from, transit, 600n),
      pending: { timeoutAt: null },
    });
    // 1,000 posted − 600 pending: 400 left.
    expect(
      await refusal(
        record({
          cause: { transactionId: tx, event: 'more' },
          postings: movement(from, transit, 401n),
        }),
      ),
    ).toBe('sign_rule');
    // The transit account's pending credit cannot be spent before it is posted.
    expect(
      await refusal(
        record({
          cause: { transactionId: tx, event: 'fee' },
          postings: movement(transit, accounts.fees('GBP'), 1n),
        }),
      ),
    ).toBe('sign_rule');
    await record({
      cause: { transactionId: tx, event: 'rest' },
      postings: movement(from, transit, 400n),
    });
    expect((await balanceOf(from)).available).toBe(0n);
    // Accounts without a rule may go either way: safeguarding is an asset, debit side.
    expect((await balanceOf(accounts.safeguarding('GBP'))).available).toBeNull();
  });
});

describe('append-only', () => {
  it('refuses UPDATE and DELETE of entries and postings in the database itself', async () => {
    await fundedCustomer(100n);
    const { db } = testApp.database;
    const statements = [
      sql`update ${ledgerPostings} set amount = amount + 1`,
      sql`delete from ${ledgerPostings}`,
      sql`update ${ledgerEntries} set event = 'changed'`,
      sql`delete from ${ledgerEntries}`,
      sql`update ledger_accounts set sign_rule = 'none'`,
      sql`delete from ledger_accounts`,
      sql`truncate ledger_postings`,
    ];
    for (const statement of statements) {
      const error = await db.execute(statement).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      // drizzle wraps the database's error: the trigger's message is its cause.
      expect(error).toBeInstanceOf(Error);
      expect(String((error as Error).cause)).toMatch(/the ledger is append-only: \w+ on ledger_/);
    }
  });
});

describe('concurrent debits', () => {
  // On PGlite there is one connection: the transactions run one after another, so this shows the
  // rule holds, not the locks. On PostgreSQL (CI) they run at once on the pool's connections,
  // and only the row locks taken in id order keep the balance from going below zero.
  const how = testEnvironment.databaseUrl ? 'at once on PostgreSQL' : 'serially on PGlite';
  it(`lets exactly the debits the balance covers pass (${how})`, async () => {
    const customer = await fundedCustomer(100n);
    const from = accounts.customer(customer, 'GBP');
    const attempts = Array.from({ length: 6 }, (_, n) =>
      record({
        cause: { transactionId: `tx-${customer}-${n}`, event: 'transfer-paid' },
        postings: movement(from, accounts.transit(`tx-${customer}-${n}`, 'GBP'), 30n),
      }).then(
        () => 'passed',
        (error: unknown) => (error instanceof LedgerError ? error.code : String(error)),
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((outcome) => outcome === 'passed')).toHaveLength(3);
    expect(outcomes.filter((outcome) => outcome === 'sign_rule')).toHaveLength(3);
    expect((await balanceOf(from)).available).toBe(10n);
  });
});

describe('the transfer of docs/product/sending-money.md', () => {
  it('moves 102 GBP in and 10,500 INR out, every account ending as expected', async () => {
    const customer = id();
    const tx = id();
    const partner = 'PARTNER-IN';
    const { ledger, uow } = service();
    const check = async () => {
      const found = await ledger.check();
      expect(found).toEqual([]);
    };
    const step = (event: string, postings: NewEntry['postings'], pending?: NewEntry['pending']) =>
      uow.run((t) =>
        ledger.record(t, {
          cause: { transactionId: tx, event },
          postings,
          ...(pending ? { pending } : {}),
        }),
      );
    const before = {
      safeguarding: await balanceOf(accounts.safeguarding('GBP')),
      fees: await balanceOf(accounts.fees('GBP')),
      fxGbp: await balanceOf(accounts.fxPosition('GBP')),
      fxInr: await balanceOf(accounts.fxPosition('INR')),
      margin: await balanceOf(accounts.fxMargin('INR')),
      partner: await balanceOf(accounts.partner(partner, 'INR')),
    };
    const net = (b: { posted: { debits: bigint; credits: bigint } }) =>
      b.posted.debits - b.posted.credits;

    await step(
      'payment-captured',
      movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), 10_200n),
    );
    await check();
    await step(
      'transfer-paid',
      movement(accounts.customer(customer, 'GBP'), accounts.transit(tx, 'GBP'), 10_200n),
      { timeoutAt: null },
    );
    await check();
    await uow.run((t) =>
      ledger.post(t, {
        pending: { transactionId: tx, event: 'transfer-paid' },
        cause: { transactionId: tx, event: 'cancellation-window-closed' },
      }),
    );
    await step('fee', movement(accounts.transit(tx, 'GBP'), accounts.fees('GBP'), 200n));
    await step('conversion', [
      ...movement(accounts.transit(tx, 'GBP'), accounts.fxPosition('GBP'), 10_000n),
      { account: accounts.fxPosition('INR'), side: 'debit', amount: 1_071_000n },
      { account: accounts.transit(tx, 'INR'), side: 'credit', amount: 1_050_000n },
      { account: accounts.fxMargin('INR'), side: 'credit', amount: 21_000n },
    ]);
    await check();
    await step(
      'payout',
      movement(accounts.transit(tx, 'INR'), accounts.partner(partner, 'INR'), 1_050_000n),
      { timeoutAt: null },
    );
    await check();
    await uow.run((t) =>
      ledger.post(t, {
        pending: { transactionId: tx, event: 'payout' },
        cause: { transactionId: tx, event: 'payout-confirmed' },
      }),
    );
    // Finished now: its transit accounts must be zero, and are.
    const finished = ledgerOn(testApp.database.db, {
      clock,
      finishedTransfers: { finishedOf: async (_ex, ids) => ids.filter((one) => one === tx) },
    });
    expect(await finished.ledger.check()).toEqual([]);

    const after = async (account: string) => balanceOf(account);
    expect(net(await after(accounts.customer(customer, 'GBP')))).toBe(0n);
    expect(net(await after(accounts.transit(tx, 'GBP')))).toBe(0n);
    expect(net(await after(accounts.transit(tx, 'INR')))).toBe(0n);
    expect(net(await after(accounts.safeguarding('GBP'))) - net(before.safeguarding)).toBe(10_200n);
    expect(net(await after(accounts.fees('GBP'))) - net(before.fees)).toBe(-200n);
    expect(net(await after(accounts.fxPosition('GBP'))) - net(before.fxGbp)).toBe(-10_000n);
    expect(net(await after(accounts.fxPosition('INR'))) - net(before.fxInr)).toBe(1_071_000n);
    expect(net(await after(accounts.fxMargin('INR'))) - net(before.margin)).toBe(-21_000n);
    expect(net(await after(accounts.partner(partner, 'INR'))) - net(before.partner)).toBe(
      -1_050_000n,
    );
    for (const account of [accounts.transit(tx, 'GBP'), accounts.transit(tx, 'INR')]) {
      expect((await after(account)).pending).toEqual({ debits: 0n, credits: 0n });
    }
  });
});
