import { apiPaths, paymentChannel, paymentSchema, typedErrorSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxKinds } from '../../outbox/index.ts';
import { writtenPayloads } from '../../outbox/outbox-test-kit.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import { waitFor } from '../../test/wait-for.ts';
import { payments } from '../payments/payments.schema.ts';
import {
  confirmedTransfer,
  entryCount,
  pastStates,
  runJobs,
  SETTLE_SECONDS,
  transferOf,
} from './flow-test-kit.ts';
import { settleBankTransferJob } from './flow-jobs.ts';

/**
 * The customer's payment actions through the real app (docs/product/sending-money.md#retry-and-cancel,
 * #settlement-and-deadlines): "I've paid", cancel and their refusals, an Idempotency-Key under
 * 50 concurrent requests, another customer's ids, and the payment deadline.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

const post = (browser: TestBrowser, url: string, key?: string) =>
  browser.request('POST', url, {}, key === undefined ? {} : { 'idempotency-key': key });

/** The type of a 409's body. */
function conflictType(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(409);
  return typedErrorSchema.parse(response.json()).type;
}

/** How many PaymentTransactionStateUpdated events the payment sent. */
async function paymentEvents(paymentId: string): Promise<number> {
  const events = await writtenPayloads(file.database.db, outboxKinds.realtime);
  return events.filter(
    (event) =>
      event.channel === paymentChannel(paymentId) &&
      event.event === 'PaymentTransactionStateUpdated',
  ).length;
}

/** Fires `count` requests at once; every answer is the stored one or 409 key in use. */
async function concurrently(browser: TestBrowser, url: string, key: string, count = 50) {
  const answers = await Promise.all(Array.from({ length: count }, () => post(browser, url, key)));
  const stored = answers.filter((answer) => answer.statusCode === 200);
  expect(stored.length).toBeGreaterThan(0);
  for (const answer of answers) {
    if (answer.statusCode !== 200) expect(conflictType(answer)).toBe('idempotency_key_in_use');
    else expect(answer.body).toBe(stored[0]?.body);
  }
  const retry = await post(browser, url, key);
  expect(retry.statusCode).toBe(200);
  expect(retry.body).toBe(stored[0]?.body);
  return paymentSchema.parse(retry.json());
}

describe("I've paid", () => {
  it('marks the payment, answers it, and says so once however often it is sent', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const url = apiPaths.paymentSent(transfer.paymentId);
    const events = await paymentEvents(transfer.paymentId);
    const payment = await concurrently(transfer.browser, url, 'paid-once');
    expect(payment).toMatchObject({
      customer_confirmed_payment: true,
      awaiting_confirmation: true,
    });
    expect(payment.state.code).toBe('REDIRECTED');
    // Without a key, again: the same payment, no second event.
    const again = await post(transfer.browser, url);
    expect(again.statusCode).toBe(200);
    expect(paymentSchema.parse(again.json()).customer_confirmed_payment).toBe(true);
    expect(await paymentEvents(transfer.paymentId)).toBe(events + 1);
    // One settlement, one set of entries.
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).payment.state.code).toBe(
      'CAPTURED',
    );
    expect(await entryCount(file, transfer.transaction.id)).toBeGreaterThan(0);
  });

  it('answers 404 for another customer’s payment, or an id that is none', async () => {
    const mine = await confirmedTransfer(file, clock);
    const theirs = await confirmedTransfer(file, clock);
    expect((await post(mine.browser, apiPaths.paymentSent(theirs.paymentId))).statusCode).toBe(404);
    expect((await post(mine.browser, apiPaths.paymentSent('not-a-payment'))).statusCode).toBe(404);
    expect((await transferOf(theirs.browser, theirs.transaction.id)).payment).toMatchObject({
      customer_confirmed_payment: false,
    });
  });
});

describe('cancel before paying', () => {
  it('cancels the payment and its transfer, once, under 50 concurrent requests with one key', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const url = apiPaths.paymentCancel(transfer.transaction.id);
    const payment = await concurrently(transfer.browser, url, 'cancel-once');
    expect(payment.state.code).toBe('CANCELLED');
    const cancelled = await transferOf(transfer.browser, transfer.transaction.id);
    expect(cancelled.state.code).toBe('CANCELLED');
    expect(pastStates(cancelled)).toEqual(['CREATED', 'PENDING-PAYMENT', 'CANCELLED']);
    // No money moved: no entry.
    expect(await entryCount(file, transfer.transaction.id)).toBe(0);
    // Cancelled already: not open (nor can it be said paid).
    expect(conflictType(await post(transfer.browser, url))).toBe('payment_not_open');
    const sent = await post(transfer.browser, apiPaths.paymentSent(transfer.paymentId));
    expect(conflictType(sent)).toBe('payment_not_open');
  });

  it("leaves a cancelled payment unsettled: the bank's job drops it, no money moves", async () => {
    const transfer = await confirmedTransfer(file, clock);
    const cancel = await post(transfer.browser, apiPaths.paymentCancel(transfer.transaction.id));
    expect(cancel.statusCode).toBe(200);
    await file.app.jobs.send(settleBankTransferJob, { payment_id: transfer.paymentId });
    await runJobs(file, clock, SECOND);
    const after = await transferOf(transfer.browser, transfer.transaction.id);
    expect([after.state.code, after.payment.state.code]).toEqual(['CANCELLED', 'CANCELLED']);
    expect(await entryCount(file, transfer.transaction.id)).toBe(0);
    await waitFor(() =>
      file
        .logs()
        .some(
          (line) =>
            line.msg === 'bank transfer not settled: moved on meanwhile' &&
            line.paymentId === transfer.paymentId,
        ),
    );
  });

  it('refuses after "I\'ve paid" (payment_not_cancellable) and once paid (payment_not_open)', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const url = apiPaths.paymentCancel(transfer.transaction.id);
    expect(
      (await post(transfer.browser, apiPaths.paymentSent(transfer.paymentId))).statusCode,
    ).toBe(200);
    expect(conflictType(await post(transfer.browser, url))).toBe('payment_not_cancellable');
    await runJobs(file, clock, SETTLE_SECONDS * SECOND);
    expect(conflictType(await post(transfer.browser, url))).toBe('payment_not_open');
  });

  it('answers 404 for another customer’s transfer', async () => {
    const mine = await confirmedTransfer(file, clock);
    const theirs = await confirmedTransfer(file, clock);
    const response = await post(mine.browser, apiPaths.paymentCancel(theirs.transaction.id));
    expect(response.statusCode).toBe(404);
    expect((await transferOf(theirs.browser, theirs.transaction.id)).state.code).toBe(
      'PENDING-PAYMENT',
    );
  });
});

describe('a new payment (retry)', () => {
  it('is refused while a payment is open and once the transfer no longer awaits payment', async () => {
    const transfer = await confirmedTransfer(file, clock);
    const url = apiPaths.paymentRetry(transfer.transaction.id);
    expect((await post(transfer.browser, url)).statusCode).toBe(409);
    expect(
      (await post(transfer.browser, apiPaths.paymentCancel(transfer.transaction.id))).statusCode,
    ).toBe(200);
    expect((await post(transfer.browser, url)).statusCode).toBe(409);
    const other = await confirmedTransfer(file, clock);
    expect(
      (await post(transfer.browser, apiPaths.paymentRetry(other.transaction.id))).statusCode,
    ).toBe(404);
    // Still its one payment.
    expect((await transferOf(transfer.browser, transfer.transaction.id)).payment.id).toBe(
      transfer.paymentId,
    );
  });
});

describe('the payment deadline', () => {
  it('times an unpaid payment out and cancels its transfer (payment-timed-out)', async () => {
    const transfer = await confirmedTransfer(file, clock);
    expect(transfer.transaction.payment.expires_at).not.toBeNull();
    // Its deadline (PAYMENT_DEADLINE_HOURS away) brought to 30 s from now, so the sessions live.
    await file.database.db
      .update(payments)
      .set({ deadline: new Date(clock.now().getTime() + 30 * SECOND) })
      .where(eq(payments.id, transfer.paymentId));
    await runJobs(file, clock, SECOND);
    expect((await transferOf(transfer.browser, transfer.transaction.id)).state.code).toBe(
      'PENDING-PAYMENT',
    );
    // The sweep runs every minute on the clock.
    await runJobs(file, clock, 60 * SECOND);
    const expired = await transferOf(transfer.browser, transfer.transaction.id);
    expect(expired.payment.state.code).toBe('TIMED-OUT');
    expect(expired.state.code).toBe('CANCELLED');
    expect(expired.timeline.at(-1)?.state.code).toBe('CANCELLED');
    const sent = await post(transfer.browser, apiPaths.paymentSent(transfer.paymentId));
    expect(conflictType(sent)).toBe('payment_not_open');
  });
});
