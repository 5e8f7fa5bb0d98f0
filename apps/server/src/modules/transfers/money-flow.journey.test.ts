import { apiPaths, paymentSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import {
  advanceJobFrom,
  advanceTransferJob,
  pollPayoutJob,
  settleBankTransferJob,
} from './flow-jobs.ts';
import {
  accountEndingIn,
  balancesOf,
  confirmedTransfer,
  entryCount,
  pastStates,
  runJobs,
  runUntil,
  SETTLE_SECONDS,
  STEP_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';
import { HAPPY_PATH } from './transaction-states.ts';
import { transactions } from './transfers.schema.ts';

/**
 * The money's whole way through the real app on the test clock (docs/product/sending-money.md#settlement-and-deadlines,
 * docs/sandbox-providers.md#payouts): "I've paid", the sandbox bank's settlement, conversion and
 * the sandbox partner's steps to PAYOUT-SUCCESS with every ledger entry, a failing and a
 * reversing test account refunded in full, and jobs run again that change nothing.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

async function paid(transfer: ConfirmedTransfer) {
  const response = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
  expect(response.statusCode, response.body).toBe(200);
  return paymentSchema.parse(response.json());
}

/** What the ledger entries read of the transfer's row: its figures in minor units. */
async function figuresOf(transactionId: string) {
  const [row] = await file.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  if (!row) throw new Error(`no transaction ${transactionId}`);
  return row;
}

const balances = (transfer: ConfirmedTransfer) =>
  balancesOf(file, clock, {
    transactionId: transfer.transaction.id,
    customerId: transfer.customerId,
    partnerCode: transfer.transaction.payout_company.code,
  });

const difference = (before: Record<string, bigint>, after: Record<string, bigint>) =>
  Object.fromEntries(
    Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0n)]),
  );

describe('a bank transfer, paid out', () => {
  it('settles after "I\'ve paid" and moves on to PAYOUT-SUCCESS with every entry', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const before = await balances(transfer);
    const payment = await paid(transfer);
    expect(payment).toMatchObject({
      id: transfer.paymentId,
      customer_confirmed_payment: true,
      awaiting_confirmation: true,
    });
    expect(payment.state.code).toBe('REDIRECTED');

    // Not before the sandbox bank's delay.
    await runJobs(file, clock, (SETTLE_SECONDS - 1) * SECOND);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).state.code).toBe(
      'PENDING-PAYMENT',
    );
    await runJobs(file, clock, SECOND);
    const cleared = await transferOf(transfer.browser, transfer.transaction.id);
    expect(cleared.payment.state.code).toBe('CAPTURED');
    // Cleared, and at once converting (no hold applies).
    expect(pastStates(cleared)).toContain('PAYMENT-CLEARED');

    const done = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    expect(pastStates(done)).toEqual([...HAPPY_PATH]);
    expect(done.payout?.state.code).toBe('paid');
    expect(done.payout?.collection_pin).toBeNull();

    const row = await figuresOf(transfer.transaction.id);
    expect(difference(before, await balances(transfer))).toEqual({
      safeguarding: -row.total_minor,
      customer: 0n,
      transitGbp: 0n,
      transitInr: 0n,
      fxGbp: row.send_minor,
      fxInr: -row.receive_at_mid_market_minor,
      fees: row.fee_minor,
      margin: row.receive_at_mid_market_minor - row.receive_minor,
      partner: row.receive_minor,
    });
  });

  it('runs its jobs again without a second entry or change', async () => {
    const transfer = await confirmedTransfer(file, clock);
    await paid(transfer);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const done = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    const entries = await entryCount(file, transfer.transaction.id);
    const id = transfer.transaction.id;
    await file.app.jobs.send(settleBankTransferJob, { payment_id: transfer.paymentId });
    for (const from of ['PAYMENT-CLEARED', 'CONVERTING-FOREX', 'AVAILABLE-FOR-PAYOUT'] as const) {
      // Its own kind, and the one kind every move had before (a job queued then still runs).
      for (const job of new Set([advanceJobFrom(from), advanceTransferJob])) {
        await file.app.jobs.send(job, { transaction_id: id, from });
      }
    }
    await file.app.jobs.send(pollPayoutJob, { transaction_id: id });
    await runJobs(file, clock, STEP_SECONDS * SECOND);
    expect(await entryCount(file, id)).toBe(entries);
    expect(await transferOf(transfer.browser, id)).toMatchObject({
      state: done.state,
      timeline: done.timeline,
    });
  });
});

describe('a payout that fails or is taken back', () => {
  it('refunds a failed payout (account ending 0001) in full: CANCELLED, REFUNDED, balances back', async () => {
    const transfer = await confirmedTransfer(file, clock, {
      payee: { method: 'BANK-ACCOUNT', account: accountEndingIn('0001') },
    });
    const before = await balances(transfer);
    await paid(transfer);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const cancelled = await runUntil(file, clock, transfer, 'CANCELLED');
    expect(pastStates(cancelled).slice(-3)).toEqual([
      'SENT-FOR-PAYOUT',
      'PAYOUT-FAILED',
      'CANCELLED',
    ]);
    expect(cancelled.payment.state.code).toBe('REFUNDED');
    expect(cancelled.payout?.state.code).toBe('failed');
    expect(Object.values(difference(before, await balances(transfer)))).toEqual(Array(9).fill(0n));
  });

  it('refunds a reversed payout (account ending 0003): PAYOUT-REVERSED, REFUNDED, balances back', async () => {
    const transfer = await confirmedTransfer(file, clock, {
      payee: { method: 'BANK-ACCOUNT', account: accountEndingIn('0003') },
    });
    const before = await balances(transfer);
    await paid(transfer);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const reversed = await runUntil(file, clock, transfer, 'PAYOUT-REVERSED');
    expect(pastStates(reversed).slice(-2)).toEqual(['PAYOUT-SUCCESS', 'PAYOUT-REVERSED']);
    expect(reversed.payment.state.code).toBe('REFUNDED');
    expect(reversed.payout?.state.code).toBe('reversed');
    expect(Object.values(difference(before, await balances(transfer)))).toEqual(Array(9).fill(0n));
  });
});

describe('other payout methods', () => {
  it('pays cash pickup out with a 10-digit collection PIN', async () => {
    const transfer = await confirmedTransfer(file, clock, { payee: { method: 'CASH-PICKUP' } });
    await paid(transfer);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const sending = await runUntil(file, clock, transfer, 'SENT-FOR-PAYOUT');
    expect(sending.payout?.collection_pin).toMatch(/^[0-9]{10}$/);
    const done = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    expect(done.payout?.collection_pin).toBe(sending.payout?.collection_pin);
  });

  it('pays a mobile wallet out (Kenya, KES)', async () => {
    const transfer = await confirmedTransfer(file, clock, { payee: { method: 'MOBILE-WALLET' } });
    expect(transfer.transaction.payout_currency.iso_alpha).toBe('KES');
    await paid(transfer);
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    const done = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    expect(pastStates(done)).toEqual([...HAPPY_PATH]);
  });
});
