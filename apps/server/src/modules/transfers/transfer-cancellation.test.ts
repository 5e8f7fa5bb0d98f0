import {
  apiPaths,
  customerSchema,
  transactionSchema,
  typedErrorSchema,
  type Transaction,
} from '@corridor/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { MINUTE, SECOND, TestClock } from '../../test/clock.ts';
import { waitForMail } from '../../test/mailbox.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
// Test code: it reads the ledger's rows to see which entries a transfer has.
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import {
  balancesOf,
  confirmedTransfer,
  runJobs,
  runUntil,
  SETTLE_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';
import { ADA, causesOf } from './transfer-holds-test-kit.ts';

/**
 * The cancellation window through the real app on the test clock
 * (docs/product/sending-money.md#cancellation-window, decision 0048): the customer's free cancel
 * within 30 minutes of the payment clearing (the pending transfer-paid entry voided, the payment
 * refunded), its refusals after 30 minutes or the hand-over, the job that closes the window, and
 * the hand-over that closes it first. The ledger holds after the file (movesMoney).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const ops = () => file.app.ops.transfers;

const post = (browser: TestBrowser, url: string, headers: Record<string, string> = {}) =>
  browser.request('POST', url, {}, headers);

const cancelUrl = (transfer: ConfirmedTransfer) =>
  apiPaths.transactionCancel(transfer.transaction.id);

const balances = (transfer: ConfirmedTransfer) =>
  balancesOf(file, clock, {
    transactionId: transfer.transaction.id,
    customerId: transfer.customerId,
    partnerCode: transfer.transaction.payout_company.code,
  });

/** The transfer's ledger entries as `event phase`, in no particular order. */
async function entriesOf(transactionId: string): Promise<string[]> {
  const rows = await file.database.db
    .select({ event: ledgerEntries.event, phase: ledgerEntries.phase })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, transactionId));
  return rows.map((row) => `${row.event} ${row.phase}`).sort();
}

async function hasEntry(transactionId: string, event: string): Promise<boolean> {
  const rows = await file.database.db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transaction_id, transactionId), eq(ledgerEntries.event, event)));
  return rows.length > 0;
}

/** "I've paid", then the sandbox bank's settlement: PAYMENT-CLEARED and at once converting. */
async function paidTransfer() {
  const transfer = await confirmedTransfer(file, clock);
  const start = await balances(transfer);
  const sent = await post(transfer.browser, apiPaths.paymentSent(transfer.paymentId));
  expect(sent.statusCode, sent.body).toBe(200);
  await runJobs(file, clock, SETTLE_SECONDS * SECOND);
  const cleared = await transferOf(transfer.browser, transfer.transaction.id);
  expect(cleared.state.code).toBe('CONVERTING-FOREX');
  return { transfer, cleared, start };
}

/** Paid and held by an operator while converting: it waits where it is, its window running. */
async function heldPaidTransfer() {
  const paid = await paidTransfer();
  await ops().act('hold', paid.transfer.transaction.id, ADA);
  return paid;
}

/** The window's end as the transfer says it. */
function windowEnd(transaction: Transaction): Date {
  expect(transaction.cancellable_until).not.toBeNull();
  return new Date(transaction.cancellable_until ?? 0);
}

/**
 * Moves the clock to `ms` from the window's end (negative: before it), 10 minutes at a time with
 * the customer's browser asking something between (a session ends after 30 minutes idle).
 */
async function clockAt(browser: TestBrowser, end: Date, ms: number): Promise<void> {
  let left = end.getTime() + ms - clock.now().getTime();
  while (left > 0) {
    const step = Math.min(left, 10 * MINUTE);
    clock.advance(step);
    left -= step;
    expect((await browser.get(apiPaths.profile)).statusCode).toBe(200);
  }
}

function conflictType(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(409);
  return typedErrorSchema.parse(response.json()).type;
}

async function emailOf(browser: TestBrowser): Promise<string> {
  return customerSchema.parse((await browser.get(apiPaths.profile)).json()).account.email;
}

describe('the customer’s cancel within the window', () => {
  it('cancels at 29:59: CANCELLED, the payment REFUNDED, transfer-paid voided, balances back', async () => {
    const { transfer, cleared, start } = await heldPaidTransfer();
    const end = windowEnd(cleared);
    // 30 minutes after the payment cleared (the settlement's time).
    const settledAt = cleared.timeline.find((entry) => entry.state.code === 'PAYMENT-CLEARED');
    expect(end.getTime() - new Date(settledAt?.created_at ?? 0).getTime()).toBe(30 * MINUTE);
    await clockAt(transfer.browser, end, -SECOND);

    const response = await post(transfer.browser, cancelUrl(transfer), {
      'idempotency-key': 'cancel-at-29-59',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cancelled = transactionSchema.parse(response.json());
    expect(cancelled.state.code).toBe('CANCELLED');
    expect(cancelled.payment.state.code).toBe('REFUNDED');
    expect(cancelled.cancellable_until).toBeNull();
    expect((await causesOf(file.database.db, cancelled.id)).at(-1)).toEqual([
      'CANCELLED',
      'cancelled-within-window',
      null,
    ]);
    // The reservation voided, nothing else spent: the customer's money went back to the bank.
    expect(await entriesOf(cancelled.id)).toEqual([
      'payment-captured posted',
      'refund.paid-back posted',
      'transfer-paid pending',
      'transfer-paid.voided void',
    ]);
    // Every balance it touched is where it was before the payment (the file's first transfer).
    expect(await balances(transfer)).toEqual(start);
    await waitForMail(file.app, await emailOf(transfer.browser), /refunded/i);

    // The window's job finds it cancelled and records nothing; a cancel again is refused.
    await runJobs(file, clock, 2 * SECOND);
    expect(await entriesOf(cancelled.id)).toHaveLength(4);
    expect(conflictType(await post(transfer.browser, cancelUrl(transfer)))).toBe(
      'transaction_not_cancellable',
    );
  });

  it('20 concurrent cancels with one Idempotency-Key cancel once; the stored answer is replayed', async () => {
    const { transfer } = await paidTransfer();
    const headers = { 'idempotency-key': 'cancel-once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(transfer.browser, cancelUrl(transfer), headers)),
    );
    const stored = answers.filter((answer) => answer.statusCode === 200);
    expect(stored.length).toBeGreaterThan(0);
    for (const answer of answers) {
      if (answer.statusCode !== 200) expect(conflictType(answer)).toBe('idempotency_key_in_use');
      else expect(answer.body).toBe(stored[0]?.body);
    }
    const retry = await post(transfer.browser, cancelUrl(transfer), headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.body).toBe(stored[0]?.body);
    const causes = await causesOf(file.database.db, transfer.transaction.id);
    expect(causes.filter(([state]) => state === 'CANCELLED')).toHaveLength(1);
    expect(await hasEntry(transfer.transaction.id, 'transfer-paid.voided')).toBe(true);
    // Cancelled in place: its advance jobs find it so and do nothing.
    await runJobs(file, clock, 10 * SECOND);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).state.code).toBe(
      'CANCELLED',
    );
  });
});

describe('the refusals', () => {
  it('refuses at 30:01, in English and Spanish, changing nothing; the job then closes it', async () => {
    const { transfer, cleared } = await heldPaidTransfer();
    const end = windowEnd(cleared);
    await clockAt(transfer.browser, end, SECOND);
    const before = await entriesOf(transfer.transaction.id);
    const refused = await post(transfer.browser, cancelUrl(transfer));
    expect(conflictType(refused)).toBe('cancellation_window_closed');
    expect(typedErrorSchema.parse(refused.json()).message).toMatch(/30 minutes/);
    const spanish = await post(transfer.browser, cancelUrl(transfer), { 'accept-language': 'es' });
    expect(typedErrorSchema.parse(spanish.json()).message).toMatch(/30 minutos/);
    const after = await transferOf(transfer.browser, transfer.transaction.id);
    expect(after.state.code).toBe('ON-HOLD');
    expect(after.payment.state.code).toBe('CAPTURED');
    // The job may have run already (it was due): nothing but its own posting differs.
    const now = await entriesOf(transfer.transaction.id);
    expect(now.filter((entry) => !before.includes(entry)).every((e) => /window|^fee/.test(e))).toBe(
      true,
    );
    await runJobs(file, clock, 0);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).cancellable_until).toBe(
      null,
    );
    expect(await hasEntry(transfer.transaction.id, 'cancellation-window-closed')).toBe(true);
  });

  it('refuses after the hand-over, which posted transfer-paid before the 30 minutes', async () => {
    const { transfer } = await paidTransfer();
    const handedOver = await runUntil(file, clock, transfer, 'SENDING-FOR-PAYOUT');
    expect(handedOver.cancellable_until).toBeNull();
    expect(await entriesOf(transfer.transaction.id)).toEqual([
      'cancellation-window-closed post',
      'conversion.source posted',
      'conversion.target posted',
      'fee posted',
      'payment-captured posted',
      'payout-1 pending',
      'transfer-paid pending',
    ]);
    expect(conflictType(await post(transfer.browser, cancelUrl(transfer)))).toBe(
      'cancellation_window_closed',
    );
    // Paid out: not cancellable; the window's job, at 30 minutes, finds nothing to close.
    const paidOut = await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    expect(conflictType(await post(transfer.browser, cancelUrl(transfer)))).toBe(
      'transaction_not_cancellable',
    );
    const entries = await entriesOf(paidOut.id);
    await clockAt(transfer.browser, clock.now(), 30 * MINUTE);
    await runJobs(file, clock, 0);
    expect(await entriesOf(paidOut.id)).toEqual(entries);
  });

  it('refuses a transfer not paid yet (its payment’s cancel applies)', async () => {
    const transfer = await confirmedTransfer(file, clock);
    expect(transfer.transaction.cancellable_until).toBeNull();
    expect(conflictType(await post(transfer.browser, cancelUrl(transfer)))).toBe(
      'transaction_not_cancellable',
    );
    expect((await transferOf(transfer.browser, transfer.transaction.id)).state.code).toBe(
      'PENDING-PAYMENT',
    );
  });

  it('answers 404 for another customer’s transfer, or an id that is none', async () => {
    const { transfer: theirs } = await heldPaidTransfer();
    const mine = await confirmedTransfer(file, clock);
    expect((await post(mine.browser, cancelUrl(theirs))).statusCode).toBe(404);
    expect(
      (await post(mine.browser, apiPaths.transactionCancel('not-a-transfer'))).statusCode,
    ).toBe(404);
    expect((await transferOf(theirs.browser, theirs.transaction.id)).state.code).toBe('ON-HOLD');
  });
});

describe('the window’s end', () => {
  it('is closed by its job at 30 minutes: transfer-paid posted, the waiting entries recorded', async () => {
    const { transfer } = await paidTransfer();
    // Converted within the window, then held: its conversion's entries wait for the window.
    await runUntil(file, clock, transfer, 'AVAILABLE-FOR-PAYOUT');
    await ops().act('hold', transfer.transaction.id, ADA);
    expect(await entriesOf(transfer.transaction.id)).toEqual([
      'payment-captured posted',
      'transfer-paid pending',
    ]);
    const held = await transferOf(transfer.browser, transfer.transaction.id);
    await clockAt(transfer.browser, windowEnd(held), 0);
    await runJobs(file, clock, 0);
    const closed = await transferOf(transfer.browser, transfer.transaction.id);
    expect(closed.cancellable_until).toBeNull();
    expect(await entriesOf(transfer.transaction.id)).toEqual([
      'cancellation-window-closed post',
      'conversion.source posted',
      'conversion.target posted',
      'fee posted',
      'payment-captured posted',
      'transfer-paid pending',
    ]);
    // Released, it is handed over without a second posting and paid out.
    await ops().act('release', transfer.transaction.id, ADA);
    await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
    const after = await balances(transfer);
    expect(after.transitGbp).toBe(0n);
    expect(after.transitInr).toBe(0n);
    expect(after.customer).toBe(0n);
  });

  it('closes before a held transfer converts: the conversion records its entries itself', async () => {
    const { transfer, cleared } = await heldPaidTransfer();
    await clockAt(transfer.browser, windowEnd(cleared), 0);
    await runJobs(file, clock, 0);
    expect(await entriesOf(transfer.transaction.id)).toEqual([
      'cancellation-window-closed post',
      'fee posted',
      'payment-captured posted',
      'transfer-paid pending',
    ]);
    // An operator may still refund it: every entry reversed, the customer paid back.
    const before = await balances(transfer);
    await ops().act('refund', transfer.transaction.id, ADA);
    const after = await balances(transfer);
    expect(after.customer).toBe(0n);
    expect(after.transitGbp).toBe(0n);
    expect(after.fees < before.fees).toBe(true);
  });

  it('lets an operator refund a transfer released and converted after its window closed', async () => {
    const { transfer, cleared } = await heldPaidTransfer();
    await clockAt(transfer.browser, windowEnd(cleared), 0);
    await runJobs(file, clock, 0);
    await ops().act('release', transfer.transaction.id, ADA);
    // Its step runs at once on release; the hand-over is a step later on the clock.
    await runJobs(file, clock, 0);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).state.code).toBe(
      'AVAILABLE-FOR-PAYOUT',
    );
    await ops().act('hold', transfer.transaction.id, ADA);
    expect(await hasEntry(transfer.transaction.id, 'conversion.target')).toBe(true);
    await ops().act('refund', transfer.transaction.id, ADA);
    const end = await balances(transfer);
    expect(end.transitGbp).toBe(0n);
    expect(end.transitInr).toBe(0n);
    expect(end.customer).toBe(0n);
    expect(await hasEntry(transfer.transaction.id, 'refund.conversion.target')).toBe(true);
    expect(await hasEntry(transfer.transaction.id, 'refund.fee')).toBe(true);
  });
});
