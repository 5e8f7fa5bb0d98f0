import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { cancellationKit } from './cancellation-test-kit.ts';
import { closeCancellationWindowJob } from './flow-jobs.ts';
import { runJobs, runUntil, transferOf } from './flow-test-kit.ts';
import { ADA } from './transfer-holds-test-kit.ts';

/**
 * The cancellation window's end through the real app on the test clock
 * (docs/product/sending-money.md#cancellation-window, decision 0048): its job at 30 minutes posts
 * transfer-paid with the entries that waited for it, a conversion after it records its own, and
 * an operator's refund after it reverses what was recorded. The ledger holds after the file.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });
const { ops, balances, entriesOf, hasEntry, paidTransfer, heldPaidTransfer, windowEnd, clockAt } =
  cancellationKit(file, clock);

/** Whether the transfer's window job waits in `scheduled_jobs`. */
async function windowJobWaits(transactionId: string): Promise<boolean> {
  const rows = await file.database.db
    .select({ id: scheduledJobs.id })
    .from(scheduledJobs)
    .where(
      and(
        eq(scheduledJobs.name, closeCancellationWindowJob.name),
        eq(scheduledJobs.singleton_key, transactionId),
      ),
    );
  return rows.length > 0;
}

describe('the window’s end', () => {
  it('is left to the hand-over when it comes first: the window’s job is withdrawn with it', async () => {
    const { transfer } = await paidTransfer();
    await runUntil(file, clock, transfer, 'AVAILABLE-FOR-PAYOUT');
    expect(await windowJobWaits(transfer.transaction.id)).toBe(true);
    const handedOver = await runUntil(file, clock, transfer, 'SENDING-FOR-PAYOUT');
    expect(handedOver.cancellable_until).toBeNull();
    expect(await windowJobWaits(transfer.transaction.id)).toBe(false);
    await runUntil(file, clock, transfer, 'PAYOUT-SUCCESS');
  });

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
