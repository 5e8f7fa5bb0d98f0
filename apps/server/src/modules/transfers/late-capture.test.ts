import {
  apiPaths,
  customerSchema,
  SANDBOX_CARD_PROVIDER_CODE,
  transactionSchema,
  type Transaction,
} from '@corridor/contracts';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
// The sandbox default secret, as a provider's test would know its webhook secret.
import { SANDBOX_CARD_CALLBACK_SECRET } from '../../config/config.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { waitForMail } from '../../test/mailbox.ts';
import { waitUntil } from '../../test/wait-for.ts';
// Test code: it reads the ledger's rows, and signs callbacks as the provider.
import { ledgerEntries } from '../ledger/ledger.schema.ts';
import {
  cardCallbackPath,
  sandboxRefundsOf,
  signCallback,
  SIGNATURE_HEADER,
} from '../payments/index.ts';
import { readyPayer, transferOf } from './flow-test-kit.ts';
import { CARD_METHOD_ID, confirm, confirmBody, quoteTo } from './transfers-test-kit.ts';

/**
 * A capture for a payment already closed (docs/product/sending-money.md#paying-by-card, #refunds):
 * the money is recorded and given straight back in full (a `late-capture` refund to the card),
 * the customer emailed, operators alerted in the log; the payment keeps its closed state. The
 * ledger holds after the file (movesMoney).
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true });

async function cardTransfer() {
  const payer = await readyPayer(file, clock);
  const quote = await quoteTo(payer.browser, payer.recipient, '100');
  const response = await confirm(
    payer.browser,
    quote.id,
    confirmBody(quote, { payment_method_id: CARD_METHOD_ID }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { ...payer, transaction: response.json<Transaction>() };
}

/** The provider's signed callback about the transfer's first payment, delivered. */
async function callback(transaction: Transaction, type: string, eventId: string) {
  const body = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(clock.now().getTime() / 1000),
    data: {
      payment_id: transaction.payment.id,
      transaction_id: transaction.id,
      amount_minor: transaction.total_to_pay.replace('.', ''),
      currency: 'GBP',
      brand: 'Visa',
      last4: '4242',
      decline_code: type === 'charge.failed' ? 'card_declined' : null,
    },
  });
  const answer = await file.app.inject({
    method: 'POST',
    url: cardCallbackPath(SANDBOX_CARD_PROVIDER_CODE),
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signCallback(body, SANDBOX_CARD_CALLBACK_SECRET, clock.now()),
    },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ outcome: string }>().outcome;
}

async function lateEntries(transactionId: string) {
  const [row] = await file.database.db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.transaction_id, transactionId),
        eq(ledgerEntries.event, 'payment-1.late-capture'),
      ),
    );
  return row?.n ?? 0;
}

describe('a late capture', () => {
  it('after a decline: recorded, refunded in full to the card, emailed, alerted; the payment stays FAILED', async () => {
    const { browser, transaction } = await cardTransfer();
    expect(await callback(transaction, 'charge.failed', 'evt_declined_1')).toBe('applied');
    expect(await callback(transaction, 'charge.succeeded', 'evt_captured_late_1')).toBe('applied');
    const read = transactionSchema.parse(await transferOf(browser, transaction.id));
    expect(read.state.code).toBe('PENDING-PAYMENT');
    expect(read.payment.state.code).toBe('FAILED');
    expect(read.refunds).toEqual([
      expect.objectContaining({
        reason: 'late-capture',
        amount: read.total_to_pay,
        destination: 'card',
      }),
    ]);
    expect(await lateEntries(transaction.id)).toBe(1);
    // The same capture delivered again (its event id): nothing more.
    expect(await callback(transaction, 'charge.succeeded', 'evt_captured_late_1')).toBe(
      'duplicate',
    );
    expect(await lateEntries(transaction.id)).toBe(1);
    await waitUntil(
      async () => (await sandboxRefundsOf(file.database.db, read.payment.id)).length === 1,
    );
    const [told] = await sandboxRefundsOf(file.database.db, read.payment.id);
    expect(told).toMatchObject({
      instruction: 'card-refund',
      provider_code: SANDBOX_CARD_PROVIDER_CODE,
    });
    const profile = customerSchema.parse((await browser.get(apiPaths.profile)).json());
    await waitForMail(file.app, profile.account.email, /refunded a payment/);
    expect(
      file.logs().some((line) => line.event === 'payments.late_capture_refunded' && line.alert),
    ).toBe(true);
  });

  it('on a transfer the customer cancelled: refunded the same way, the transfer left CANCELLED', async () => {
    const { browser, transaction } = await cardTransfer();
    const cancel = await browser.post(apiPaths.paymentCancel(transaction.id), {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await callback(transaction, 'charge.succeeded', 'evt_captured_late_2')).toBe('applied');
    const read = transactionSchema.parse(await transferOf(browser, transaction.id));
    expect(read.state.code).toBe('CANCELLED');
    expect(read.payment.state.code).toBe('CANCELLED');
    expect(read.refunds.map((refund) => [refund.reason, refund.amount])).toEqual([
      ['late-capture', read.total_to_pay],
    ]);
  });
});
