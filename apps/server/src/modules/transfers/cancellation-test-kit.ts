import { apiPaths, customerSchema, typedErrorSchema, type Transaction } from '@corridor/contracts';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FileTestApp } from '../../test/app-per-file.ts';
import { MINUTE, SECOND, type TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
// Test code (not run by the app): it reads the ledger's rows to see a transfer's entries.
// eslint-disable-next-line no-restricted-imports
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import {
  balancesOf,
  confirmedTransfer,
  runJobs,
  SETTLE_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';
import { ADA } from './transfer-holds-test-kit.ts';

/**
 * What the cancellation window's tests share (test code only,
 * docs/product/sending-money.md#cancellation-window): a paid transfer (held or not), its
 * entries, the clock moved to its window's end with the customer's session kept alive, and the
 * cancel's refusals.
 */
export function cancellationKit(file: FileTestApp, clock: TestClock) {
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
    // eslint-disable-next-line money/no-float-arithmetic -- not money: a duration
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
      // eslint-disable-next-line money/no-float-arithmetic -- not money: a duration
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

  return {
    ops,
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
  };
}
