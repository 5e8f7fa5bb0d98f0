import { apiPaths, transactionSchema, typedErrorSchema } from '@corridor/contracts';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, MINUTE, TestClock } from '../../test/clock.ts';
import { waitForMail } from '../../test/mailbox.ts';
import { cancellationKit } from './cancellation-test-kit.ts';
import { confirmedTransfer, runJobs, runUntil, transferOf } from './flow-test-kit.ts';
import { causesOf } from './transfer-holds-test-kit.ts';

/**
 * The customer's cancel of a paid transfer through the real app on the test clock
 * (docs/product/sending-money.md#cancellation-window, decision 0048): free within 30 minutes of
 * the payment clearing (the pending transfer-paid entry voided, the payment refunded), refused
 * after 30 minutes, after the hand-over and before payment, under one Idempotency-Key once, and
 * 404 for another customer's transfer. The ledger holds after the file (movesMoney).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const {
  post,
  cancelUrl,
  balances,
  entriesOf,
  hasEntry,
  paidTransfer,
  heldPaidTransfer,
  windowEnd,
  clockAt,
  conflictType,
  emailOf,
} = cancellationKit(file, clock);

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
