import crypto from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import { testEnvironment } from '../../test/test-config.ts';
import { waitFor, waitUntil } from '../../test/wait-for.ts';
import { accounts, LedgerError, movement, type LedgerService } from '../ledger/index.ts';
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import { ledgerOn } from '../ledger/ledger-test-kit.ts';
import { balancesOf } from './flow-test-kit.ts';
import { applyLedgerOperations } from './ledger-writes.ts';
import {
  convertedEntries,
  fxMarginOf,
  paymentClearedEntries,
  payoutFailedEntries,
  payoutPaidEntries,
  payoutReversedEntries,
  payoutSubmittedEntries,
  refundEntries,
  windowClosedEntries,
  type LedgerOperation,
  type TransferFigures,
} from './transfer-entries.ts';

/**
 * A transfer's entries against the real ledger (docs/product/sending-money.md#the-entries-of-a-transfer):
 * the docs' example to the minor unit, balanced entries that keep the sign rules, a repeated step
 * that records nothing, and refunds that put every balance back.
 */
const clock = new TestClock();
const testApp = appPerFile({ clock, movesMoney: true });

const ledger = (): { ledger: LedgerService; run: (ops: LedgerOperation[]) => Promise<void> } => {
  const { ledger: service, uow } = ledgerOn(testApp.database.db, { clock });
  return {
    ledger: service,
    run: (ops) => uow.run((tx) => applyLedgerOperations(service, tx, ops)),
  };
};

/** The docs' example: 100 GBP + 2 GBP fee; 10,500 INR at our rate, 10,710 at mid-market. */
const example = (): TransferFigures => ({
  transactionId: crypto.randomUUID(),
  customerId: crypto.randomUUID(),
  sendCurrency: 'GBP',
  sendMinor: 10_000n,
  feeMinor: 200n,
  totalMinor: 10_200n,
  receiveCurrency: 'INR',
  receiveMinor: 1_050_000n,
  receiveAtMidMarketMinor: 1_071_000n,
  partnerCode: 'TERRA_PAY',
  transferPaidPending: true,
});

/** The same figures once the cancellation window closed (transfer-paid posted). */
const closed = (f: TransferFigures): TransferFigures => ({ ...f, transferPaidPending: false });

/** Every balance a transfer touches, in its own accounts and as totals of shared ones. */
const snapshot = (f: TransferFigures) => balancesOf(testApp, clock, f);

const difference = (before: Record<string, bigint>, after: Record<string, bigint>) =>
  Object.fromEntries(
    Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0n)]),
  );

async function entryCount(transactionId: string): Promise<number> {
  const [row] = await testApp.database.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, transactionId));
  return row?.n ?? 0;
}

describe('the entries of a transfer', () => {
  it('moves the docs’ example to the minor unit, from payment to payout', async () => {
    const f = example();
    const before = await snapshot(f);
    const { run } = ledger();
    await run(paymentClearedEntries(f));
    // The transfer-paid entry is pending: the customer's money is reserved, transit not yet paid.
    expect(difference(before, await snapshot(f))).toMatchObject({
      safeguarding: -10_200n,
      customer: 10_200n,
      transitGbp: 0n,
    });
    expect(
      (await ledger().ledger.balance(testApp.database.db, accounts.customer(f.customerId, 'GBP')))
        .available,
    ).toBe(0n);

    await run(windowClosedEntries(f, false));
    expect(difference(before, await snapshot(f))).toMatchObject({
      customer: 0n,
      transitGbp: 10_000n,
      fees: 200n,
    });
    await run(convertedEntries(f));
    await run(payoutSubmittedEntries(f, 1));
    // Pending until the partner confirms: transit still holds it, the partner has nothing yet.
    expect(difference(before, await snapshot(f))).toMatchObject({
      transitInr: 1_050_000n,
      partner: 0n,
    });
    await run(payoutPaidEntries(f, 1));

    expect(difference(before, await snapshot(f))).toEqual({
      safeguarding: -10_200n, // a debit of 102 GBP: the money at our bank
      customer: 0n,
      transitGbp: 0n,
      transitInr: 0n,
      fxGbp: 10_000n,
      fxInr: -1_071_000n,
      fees: 200n,
      margin: 21_000n,
      partner: 1_050_000n,
    });
    expect(fxMarginOf(f)).toBe(21_000n);
  });

  it('records nothing when a step runs again', async () => {
    const f = example();
    const { run } = ledger();
    const steps = [
      paymentClearedEntries(f),
      windowClosedEntries(f, false),
      convertedEntries(f),
      payoutSubmittedEntries(f, 1),
      payoutPaidEntries(f, 1),
    ];
    for (const step of steps) await run(step);
    const entries = await entryCount(f.transactionId);
    const balances = await snapshot(f);
    for (const step of steps) await run(step);
    expect(await entryCount(f.transactionId)).toBe(entries);
    expect(await snapshot(f)).toEqual(balances);
  });

  it('refunds a failed payout in full: every balance back, the customer paid back', async () => {
    const f = example();
    const before = await snapshot(f);
    const { run } = ledger();
    await run(paymentClearedEntries(f));
    // Handed over within the window: the hand-over closes it, the conversion recorded with it.
    await run([...windowClosedEntries(f, true), ...payoutSubmittedEntries(f, 1)]);
    await run(payoutFailedEntries(f, 1));
    await run(refundEntries(closed(f), { converted: true }));
    expect(difference(before, await snapshot(f))).toEqual({
      safeguarding: 0n,
      customer: 0n,
      transitGbp: 0n,
      transitInr: 0n,
      fxGbp: 0n,
      fxInr: 0n,
      fees: 0n,
      margin: 0n,
      partner: 0n,
    });
    // The voided payout cannot be posted afterwards.
    await expect(run(payoutPaidEntries(f, 1))).rejects.toBeInstanceOf(LedgerError);
  });

  it('refunds a reversed payout after the partner gave the money back', async () => {
    const f = example();
    const before = await snapshot(f);
    const { run } = ledger();
    for (const step of [
      paymentClearedEntries(f),
      windowClosedEntries(f, false),
      convertedEntries(f),
      payoutSubmittedEntries(f, 1),
      payoutPaidEntries(f, 1),
      payoutReversedEntries(f, 1),
      refundEntries(closed(f), { converted: true }),
    ]) {
      await run(step);
    }
    expect(Object.values(difference(before, await snapshot(f))).every((n) => n === 0n)).toBe(true);
  });

  it('refunds a transfer cancelled within its window by voiding the reservation', async () => {
    const f = example();
    const before = await snapshot(f);
    const { run } = ledger();
    await run(paymentClearedEntries(f));
    // Converted within the window: its entries waited, so there is nothing to reverse.
    await run(refundEntries(f, { converted: true }));
    expect(Object.values(difference(before, await snapshot(f))).every((n) => n === 0n)).toBe(true);
    // Voided: the window's end can no longer post it.
    await expect(run(windowClosedEntries(f, true))).rejects.toBeInstanceOf(LedgerError);
  });

  it('refunds a transfer its window closed on before its conversion (held)', async () => {
    const f = example();
    const before = await snapshot(f);
    const { run } = ledger();
    await run(paymentClearedEntries(f));
    await run(windowClosedEntries(f, false));
    await run(refundEntries(closed(f), { converted: false }));
    expect(Object.values(difference(before, await snapshot(f))).every((n) => n === 0n)).toBe(true);
  });

  it('refuses a payout the transit account cannot cover, and a conversion before it is paid', async () => {
    const f = example();
    const { run } = ledger();
    await run(paymentClearedEntries(f));
    // Transit holds nothing posted until the window closes: the sign rule refuses.
    await expect(run(convertedEntries(f))).rejects.toMatchObject({ code: 'sign_rule' });
    await run(windowClosedEntries(f, false));
    await run(convertedEntries(f));
    await run(payoutSubmittedEntries(f, 1));
    // A second hand-over while the first is pending would spend the money twice.
    await expect(run(payoutSubmittedEntries(f, 2))).rejects.toMatchObject({ code: 'sign_rule' });
  });

  it('refuses figures where the recipient gets more than at mid-market', () => {
    expect(() => convertedEntries({ ...example(), receiveAtMidMarketMinor: 1_000_000n })).toThrow(
      RangeError,
    );
  });
});

// Two use cases writing the ledger in several statements each, sharing accounts in crossing
// orders: only PostgreSQL runs them side by side (PGlite has one connection).
describe.runIf(Boolean(testEnvironment.databaseUrl))('use cases of several entries', () => {
  const [x, y] = [accounts.fxPosition('CHF'), accounts.fees('CHF')];

  const pidWaitsForLock = async (pid: number | undefined) => {
    if (pid === undefined) return false;
    const { rows } = (await testApp.database.db.execute(
      sql`select 1 from pg_stat_activity where pid = ${pid} and wait_event_type = 'Lock'`,
    )) as unknown as { rows: unknown[] };
    return rows.length > 0;
  };

  /**
   * The first use case moves x then y, the second y then x. The first stops after its first
   * entry until the second has recorded one of its own or waits for a lock: without every account
   * locked first, each would then hold an account the other needs next (a deadlock).
   */
  async function crossing(service: LedgerService, uow: UnitOfWork, round: string) {
    const debit = (transactionId: string, event: string, from: string): LedgerOperation => ({
      op: 'record',
      entry: {
        cause: { transactionId, event },
        // Into a partner account of its own: no customer's money, so nothing is owed.
        postings: movement(from, accounts.partner(`LOCK_${round}_${event}`, 'CHF'), 1n),
      },
    });
    const [first, second] = [crypto.randomUUID(), crypto.randomUUID()];
    let secondPid: number | undefined;
    let secondRecorded = false;
    let firstPaused = false;
    const firstCase = uow.run((tx) =>
      applyLedgerOperations(
        {
          ...service,
          async record(inner, entry) {
            const recorded = await service.record(inner, entry);
            if (entry.cause.event === 'X1') {
              firstPaused = true;
              await waitUntil(async () => secondRecorded || (await pidWaitsForLock(secondPid)));
            }
            return recorded;
          },
        },
        tx,
        [debit(first, 'X1', x), debit(first, 'Y2', y)],
      ),
    );
    await waitFor(() => firstPaused);
    const secondCase = uow.run(async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: { pid: number }[];
      };
      secondPid = rows[0]?.pid;
      await applyLedgerOperations(
        {
          ...service,
          async record(inner, entry) {
            const recorded = await service.record(inner, entry);
            secondRecorded = true;
            return recorded;
          },
        },
        tx,
        [debit(second, 'Y1', y), debit(second, 'X2', x)],
      );
    });
    await Promise.all([firstCase, secondCase]);
    expect([await entryCount(first), await entryCount(second)]).toEqual([2, 2]);
  }

  it('lock every account first: two crossing ones wait for each other instead of deadlocking', async () => {
    // x and y are created by these use cases (their inserts cross too), then they exist.
    const { ledger: service, uow } = ledgerOn(testApp.database.db, { clock });
    await crossing(service, uow, 'NEW');
    await crossing(service, uow, 'EXISTING');
  });
});
