import { apiPaths, customerSchema, transactionSchema, type Transaction } from '@corridor/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { waitForMail } from '../../test/mailbox.ts';
import { waitUntil } from '../../test/wait-for.ts';
// Test code: it reads the ledger's and the sandbox providers' rows, and moves a promise's time.
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import { sandboxRefundsOf } from '../payments/index.ts';
import {
  accountEndingIn,
  confirmedTransfer,
  runJobs,
  runUntil,
  SETTLE_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';
import { ADA } from './transfer-holds-test-kit.ts';
import { transactions } from './transfers.schema.ts';

/**
 * Refunds as records through the real app (docs/product/sending-money.md#refunds,
 * #delivery-promise): a failed, a reversed and an operator's refund, a missed delivery promise's
 * fee (the sweep on the test clock), each with its record in the transaction's `refunds[]`, its
 * payment state, its email and the provider told after the commit. The ledger holds after the
 * file (movesMoney).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const db = () => file.database.db;
const ops = () => file.app.ops.transfers;
const MINUTE = 60 * SECOND;

async function paid(transfer: ConfirmedTransfer) {
  const response = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
  expect(response.statusCode, response.body).toBe(200);
  await runJobs(file, clock, SETTLE_SECONDS * SECOND);
}

async function emailOf(transfer: ConfirmedTransfer) {
  const profile = customerSchema.parse((await transfer.browser.get(apiPaths.profile)).json());
  return profile.account.email;
}

/** The transfer as its customer reads it, checked against the contract. */
const read = async (transfer: ConfirmedTransfer): Promise<Transaction> =>
  transactionSchema.parse(await transferOf(transfer.browser, transfer.transaction.id));

const minorOf = (decimal: string) => BigInt(decimal.replace('.', ''));

async function entriesOf(transactionId: string, event: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transaction_id, transactionId), eq(ledgerEntries.event, event)));
  return row?.n ?? 0;
}

/** Waits for the provider to have been told (the outbox, after the commit). */
async function providerRecords(paymentId: string, howMany: number) {
  await waitUntil(async () => (await sandboxRefundsOf(db(), paymentId)).length === howMany);
  return sandboxRefundsOf(db(), paymentId);
}

/** Brings the transfer's promised time to `at` (its quote's estimate is days away). */
async function promiseAt(transfer: ConfirmedTransfer, at: Date) {
  await db()
    .update(transactions)
    .set({ available_by: at })
    .where(eq(transactions.id, transfer.transaction.id));
}

describe('a full refund is a record', () => {
  it('refunds a failed payout (0001): payout-failed, in full, to the bank account; REFUNDED, emailed, the bank told', async () => {
    const transfer = await confirmedTransfer(file, clock, {
      payee: { method: 'BANK-ACCOUNT', account: accountEndingIn('0001') },
    });
    await paid(transfer);
    await runUntil(file, clock, transfer, 'CANCELLED');
    const done = await read(transfer);
    expect(done.payment.state.code).toBe('REFUNDED');
    expect(done.refunds).toEqual([
      expect.objectContaining({
        reason: 'payout-failed',
        amount: done.total_to_pay,
        destination: 'bank-account',
      }),
    ]);
    const [told] = await providerRecords(transfer.paymentId, 1);
    expect(told).toMatchObject({
      instruction: 'bank-transfer-out',
      amount_minor: minorOf(done.total_to_pay),
      reference: done.payment.shared_reference,
    });
    await waitForMail(file.app, await emailOf(transfer), /We have refunded/);
  });

  it('refunds a reversed payout (0003) as payout-reversed', async () => {
    const transfer = await confirmedTransfer(file, clock, {
      payee: { method: 'BANK-ACCOUNT', account: accountEndingIn('0003') },
    });
    await paid(transfer);
    await runUntil(file, clock, transfer, 'PAYOUT-REVERSED');
    const done = await read(transfer);
    expect(done.payment.state.code).toBe('REFUNDED');
    expect(done.refunds.map((refund) => [refund.reason, refund.amount])).toEqual([
      ['payout-reversed', done.total_to_pay],
    ]);
  });

  it("records an operator's refund as operator", async () => {
    const transfer = await confirmedTransfer(file, clock);
    await ops().act('settle', transfer.transaction.id, ADA);
    await ops().act('hold', transfer.transaction.id, ADA);
    await ops().act('refund', transfer.transaction.id, ADA);
    const done = await read(transfer);
    expect(done.state.code).toBe('CANCELLED');
    expect(done.refunds.map((refund) => [refund.reason, refund.amount])).toEqual([
      ['operator', done.total_to_pay],
    ]);
    await providerRecords(transfer.paymentId, 1);
  });
});

describe('the delivery promise (the sweep on the test clock)', () => {
  /**
   * Paid and converting, then held by an operator (our hold): it cannot arrive in time. Its
   * cancellation window then closes by its job, which earns the fee (decision 48).
   */
  async function stuckTransfer() {
    const transfer = await confirmedTransfer(file, clock);
    await paid(transfer);
    await runUntil(file, clock, transfer, 'AVAILABLE-FOR-PAYOUT');
    await ops().act('hold', transfer.transaction.id, ADA);
    // 32 minutes in steps, each read keeping the customer's session from idling out.
    for (let step = 0; step < 4; step += 1) {
      await runJobs(file, clock, 8 * MINUTE);
      await read(transfer);
    }
    expect((await read(transfer)).cancellable_until).toBeNull();
    return transfer;
  }

  it('refunds the fee of a missed promise once, however often the sweep runs', async () => {
    const transfer = await stuckTransfer();
    await promiseAt(transfer, new Date(clock.now().getTime() + 30 * SECOND));
    await runJobs(file, clock, 2 * MINUTE);
    const missed = await read(transfer);
    expect(missed.payment.state.code).toBe('PART-REFUNDED');
    expect(missed.refunds).toEqual([
      expect.objectContaining({
        reason: 'missed-delivery-promise',
        amount: missed.base_fees,
        destination: 'bank-account',
      }),
    ]);
    expect(await entriesOf(transfer.transaction.id, 'delivery-promise.fee')).toBe(1);
    await waitForMail(file.app, await emailOf(transfer), /refunded the fee/);
    // The sweep again, twice: nothing more.
    await runJobs(file, clock, 2 * MINUTE);
    await runJobs(file, clock, 2 * MINUTE);
    expect((await read(transfer)).refunds).toHaveLength(1);
    expect(await entriesOf(transfer.transaction.id, 'delivery-promise.paid-back')).toBe(1);
    const [told] = await providerRecords(transfer.paymentId, 1);
    expect(told?.amount_minor).toBe(minorOf(missed.base_fees));
    // Paid out late: it keeps its one refund, the payment PART-REFUNDED.
    await ops().act('release', transfer.transaction.id, ADA);
    const paidOut = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    expect(paidOut.payment.state.code).toBe('PART-REFUNDED');
    expect(paidOut.refunds).toHaveLength(1);
  });

  it('refunds the rest after the fee, to the total paid: REFUNDED', async () => {
    const transfer = await stuckTransfer();
    await promiseAt(transfer, new Date(clock.now().getTime() + 30 * SECOND));
    await runJobs(file, clock, 2 * MINUTE);
    await ops().act('refund', transfer.transaction.id, ADA);
    const done = await read(transfer);
    expect(done.payment.state.code).toBe('REFUNDED');
    const fee = minorOf(done.base_fees);
    const total = minorOf(done.total_to_pay);
    expect(done.refunds.map((refund) => [refund.reason, minorOf(refund.amount)])).toEqual([
      ['missed-delivery-promise', fee],
      ['operator', total - fee],
    ]);
    // The full refund's email states what it gives back: the rest, not the total again.
    const mail = await waitForMail(file.app, await emailOf(transfer), /We have refunded your/);
    const rest = (total - fee).toString().replace(/(\d\d)$/, '.$1');
    expect(mail.text).toContain(`We have refunded GBP${'\u00a0'}${rest} to you.`);
    await providerRecords(transfer.paymentId, 2);
  });

  it('refunds nothing to a transfer paid out in time', async () => {
    const transfer = await confirmedTransfer(file, clock);
    await paid(transfer);
    await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    await promiseAt(transfer, new Date(clock.now().getTime() + SECOND));
    await runJobs(file, clock, 2 * MINUTE);
    const done = await read(transfer);
    expect(done.refunds).toEqual([]);
    expect(done.payment.state.code).toBe('CAPTURED');
  });
});
