import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { accounts, movement, type NewEntry, type Settlement } from './index.ts';
import { ledgerOn } from './ledger-test-kit.ts';

/**
 * The ledger's statement budgets (docs/decisions/0041-balances-on-accounts.md; issue 29: a
 * transfer records 8–10 entries, each once cost ~10 statements). Counted on the real database:
 * the statements on the ledger's tables, as the app's own start-up work (outbox, scheduled jobs)
 * may run meanwhile on PostgreSQL, and the transaction's BEGIN/COMMIT are the caller's.
 */
const clock = new TestClock();
const t = appPerFile({ clock, movesMoney: true });

const ledgerStatements = (sent: readonly string[]) =>
  sent.filter((statement) => /"ledger_(accounts|entries|postings)"/.test(statement));

describe('statements per entry', () => {
  it('records an entry in 2 statements once its accounts are known, 3 when one is new', async () => {
    // One service, as the app has: it remembers the accounts it has seen committed.
    const { ledger, uow } = ledgerOn(t.database.db, { clock });
    const customer = crypto.randomUUID();
    const tx = crypto.randomUUID();
    const record = (entry: NewEntry) => uow.run((one) => ledger.record(one, entry));
    const settle = (settlement: Settlement) => uow.run((one) => ledger.post(one, settlement));
    const sent = async (work: () => Promise<unknown>) =>
      ledgerStatements(await t.statements.during(work));

    const funding: NewEntry = {
      cause: { transactionId: tx, event: 'payment-captured' },
      postings: movement(accounts.safeguarding('GBP'), accounts.customer(customer, 'GBP'), 500n),
    };
    // New accounts: created (1), the entry with its postings (1), the kept balances (1).
    expect(await sent(() => record(funding))).toHaveLength(3);
    // A replay: the insert finds the cause taken (1), then reads the entry (1) and postings (1).
    expect(await sent(() => record(funding))).toHaveLength(3);

    const paid = { transactionId: tx, event: 'transfer-paid' };
    // The transit account is new; the customer's is known since the funding committed.
    expect(
      await sent(() =>
        record({
          cause: paid,
          postings: movement(accounts.customer(customer, 'GBP'), accounts.transit(tx, 'GBP'), 500n),
          pending: { timeoutAt: null },
        }),
      ),
    ).toHaveLength(3);
    // Settling: its row, written only if the entry is pending (1), the kept balances (1).
    const closed: Settlement = {
      pending: paid,
      cause: { transactionId: tx, event: 'cancellation-window-closed' },
    };
    expect(await sent(() => settle(closed))).toHaveLength(2);
    // Every account known: the entry with its postings (1), the kept balances (1).
    const statements = await sent(() =>
      record({
        cause: { transactionId: tx, event: 'part-refunded' },
        postings: movement(accounts.transit(tx, 'GBP'), accounts.customer(customer, 'GBP'), 20n),
      }),
    );
    expect(statements).toHaveLength(2);
    // Neither reads an account's history: no sum over postings on the write path.
    expect(statements.join('\n')).not.toMatch(/\bsum\(/);

    expect((await ledger.balance(t.database.db, accounts.transit(tx, 'GBP'))).available).toBe(480n);
  });

  it('remembers an account only once the transaction that created it committed', async () => {
    const { ledger, uow } = ledgerOn(t.database.db, { clock });
    const customer = accounts.customer(crypto.randomUUID(), 'GBP');
    const tx = crypto.randomUUID();
    const paidIn = (event: string): NewEntry => ({
      cause: { transactionId: tx, event },
      postings: movement(accounts.safeguarding('GBP'), customer, 100n),
    });
    // Created by the first entry, seen again by the second in the same transaction (no second
    // insert), then rolled back with it: the account does not exist.
    const sent = await t.statements.during(() =>
      uow
        .run(async (one) => {
          await ledger.record(one, paidIn('first'));
          await ledger.record(one, paidIn('second'));
          throw new Error('the use case failed');
        })
        .catch(() => undefined),
    );
    expect(
      ledgerStatements(sent).filter((s) => s.includes('insert into "ledger_accounts"')),
    ).toHaveLength(1);
    // The next recording must create it again rather than trust that it exists.
    await uow.run((one) => ledger.record(one, paidIn('first')));
    expect((await ledger.balance(t.database.db, customer)).available).toBe(100n);
  });
});

describe('a batch’s statements', () => {
  it('have one text whatever the batch’s size, so each is prepared once a connection', async () => {
    const { ledger, uow } = ledgerOn(t.database.db, { clock });
    /** `size` transfers of new customers: each paid in, then reserved pending, then posted. */
    const batchOf = (size: number) =>
      Array.from({ length: size }, () => ({
        customer: crypto.randomUUID(),
        tx: crypto.randomUUID(),
      }));
    const texts = async (batch: ReturnType<typeof batchOf>) => {
      const funded = await t.statements.during(() =>
        uow.run((one) =>
          ledger.recordMany(one, {
            records: batch.map(({ customer, tx }) => ({
              cause: { transactionId: tx, event: 'payment-captured' },
              postings: movement(
                accounts.safeguarding('GBP'),
                accounts.customer(customer, 'GBP'),
                700n,
              ),
            })),
            settlements: [],
          }),
        ),
      );
      const paid = (tx: string) => ({ transactionId: tx, event: 'transfer-paid' });
      const reserved = await t.statements.during(() =>
        uow.run((one) =>
          ledger.recordMany(one, {
            records: batch.map(({ customer, tx }) => ({
              cause: paid(tx),
              postings: movement(
                accounts.customer(customer, 'GBP'),
                accounts.transit(tx, 'GBP'),
                700n,
              ),
              pending: { timeoutAt: null },
            })),
            settlements: [],
          }),
        ),
      );
      const settled = await t.statements.during(() =>
        uow.run((one) =>
          ledger.recordMany(one, {
            records: [],
            settlements: batch.map(({ tx }) => ({
              settlement: {
                pending: paid(tx),
                cause: { transactionId: tx, event: 'cancellation-window-closed' },
              },
              outcome: 'post' as const,
            })),
          }),
        ),
      );
      for (const { tx } of batch) {
        expect((await ledger.balance(t.database.db, accounts.transit(tx, 'GBP'))).posted).toEqual({
          debits: 0n,
          credits: 700n,
        });
      }
      return ledgerStatements([...funded, ...reserved, ...settled]);
    };
    const one = await texts(batchOf(1));
    const three = await texts(batchOf(3));
    // New accounts, entries, balances; new accounts, entries, balances; settlements, balances.
    expect(one).toHaveLength(8);
    expect(three).toEqual(one);
  });
});
