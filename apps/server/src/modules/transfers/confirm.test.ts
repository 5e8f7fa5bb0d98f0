import crypto from 'node:crypto';
import { apiPaths, transactionSchema, type Transaction } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { MINUTE } from '../../test/clock.ts';
import { expectOriginalKeys } from '../../test/original-product-keys.ts';
import { customers } from '../customers/customers.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { quotes } from '../quotes/quotes.schema.ts';
import { recipients } from '../recipients/recipients.schema.ts';
import { transactionStates, transactions } from './transfers.schema.ts';
import {
  confirm,
  confirmBody,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

const { clock, testApp, db } = transfersTestFile({ rateBeforeEach: true });

/** The original product's transaction keys (reference §2.4). */
const ORIGINAL_TRANSACTION_KEYS = [
  'id',
  'transaction_number',
  'created_at',
  'updated_at',
  'state',
  'payment_country',
  'payment_currency',
  'payout_country',
  'payout_currency',
  'payout_method',
  'payout_company',
  'local_amount',
  'local_amount_formatted',
  'local_amount_currency_prefixed',
  'payout_amount',
  'payout_amount_formatted',
  'payout_amount_currency_prefixed',
  'base_fees',
  'base_fees_formatted',
  'base_fees_currency_prefixed',
  'exchange_rate',
  'exchange_rate_formatted',
  'exchange_rate_is_inverse',
  'coupon_discount_amount',
  'coupon_discount_amount_currency_prefixed',
  'exchange_rate_before_coupon',
  'exchange_rate_before_coupon_formatted',
  'recipient',
  'payment',
  'payout',
  'documents',
  'pending_documents',
  'timeline',
];

/** The quote's rate lock ends now (the session would idle out if the clock moved 30 minutes). */
const expireQuote = (quoteId: string) =>
  db().update(quotes).set({ expires_at: clock.now() }).where(eq(quotes.id, quoteId));

async function sender() {
  const { browser, customerId } = await readySender(testApp.app, db(), clock);
  const recipient = await indianRecipient(browser, db());
  return { browser, customerId, recipient };
}

describe('POST /client/v1/quote/confirm/{quoteId} (docs/product/sending-money.md#confirming)', () => {
  it('makes a transfer awaiting payment with its first payment, exactly as quoted', async () => {
    const { browser, customerId, recipient } = await sender();
    const quote = await quoteTo(browser, recipient, '250');
    const response = await confirm(browser, quote.id, confirmBody(quote));
    expect(response.statusCode, response.body).toBe(201);
    const transaction = transactionSchema.parse(response.json());
    expectOriginalKeys(response.json(), ORIGINAL_TRANSACTION_KEYS, 'confirm');
    expect(transaction.transaction_number).toMatch(/^TP\d{10}$/);
    expect(transaction.state.code).toBe('PENDING-PAYMENT');
    expect(transaction.hold).toBeNull();
    expect(transaction.timeline.map((step) => [step.state.code, step.created_at !== null])).toEqual(
      [
        ['CREATED', true],
        ['PENDING-PAYMENT', true],
        ['PAYMENT-CLEARED', false],
        ['CONVERTING-FOREX', false],
        ['AVAILABLE-FOR-PAYOUT', false],
        ['SENDING-FOR-PAYOUT', false],
        ['SENT-FOR-PAYOUT', false],
        ['PAYOUT-SUCCESS', false],
      ],
    );
    // The quote's figures, never re-priced.
    expect(transaction.local_amount).toBe(quote.local_amount);
    expect(transaction.payout_amount).toBe(quote.recipient_gets);
    expect(transaction.base_fees).toBe(quote.fee);
    expect(transaction.total_to_pay).toBe(quote.total_to_pay);
    expect(transaction.exchange_rate).toBe(quote.our_rate);
    expect(transaction.mid_market_rate).toBe(quote.mid_market_rate);
    expect(transaction.markup_percent).toBe(quote.markup_percent);
    expect(transaction.total_cost).toBe(quote.total_cost);
    expect(transaction.available_by).toBe(quote.estimated_arrival);
    expect(transaction.recipient.id).toBe(recipient.id);
    expect(transaction.purpose.id).toBe(quote.purposes?.[0]?.id);
    // No partner chosen on the quote: the method's default pays it out.
    expect(transaction.payout_company.id).toBe(quote.payout_companies[0]?.id);
    expect(transaction.payout).toBeNull();
    // The bank transfer's instructions: our account, the reference, the deadline.
    const { payment } = transaction;
    expect(payment.state.code).toBe('PENDING');
    expect(payment.payment_provider.code).toBe('MANUAL-PAYMENT');
    expect(payment.shared_reference).toBe(transaction.transaction_number);
    expect(payment.total_payment_amount).toBe(quote.total_to_pay);
    expect(payment.expires_at).toBe(
      new Date(Date.parse(payment.created_at) + 48 * 60 * MINUTE).toISOString(),
    );
    expect(payment.client_payment_account?.institution_name).toBe('Corridor Sandbox Bank');
    expect(payment.client_payment_account?.payment_reference).toBe(transaction.transaction_number);
    expect(payment.client_payment_account?.attributes).toEqual(
      expect.arrayContaining([
        { key: 'Sort code', value: '00-99-29' },
        { key: 'Reference', value: transaction.transaction_number },
      ]),
    );
    expect(payment.payment_terms).toContain('Pay by');
    // Stored: the transfer, its two timeline rows, one payment; the recipient's first transfer.
    const [row] = await db().select().from(transactions).where(eq(transactions.id, transaction.id));
    expect(row?.customer_id).toBe(customerId);
    expect(row?.receive_at_mid_market_minor).toBeGreaterThanOrEqual(row?.receive_minor ?? 0n);
    const states = await db()
      .select()
      .from(transactionStates)
      .where(eq(transactionStates.transaction_id, transaction.id));
    expect(states.map((state) => state.cause).sort()).toEqual(['payment-opened', null].sort());
    const paid = await db()
      .select()
      .from(payments)
      .where(eq(payments.transaction_id, transaction.id));
    expect(paid.map((p) => [p.number, p.state])).toEqual([[1, 'PENDING']]);
    const [kept] = await db().select().from(recipients).where(eq(recipients.id, recipient.id));
    expect(kept?.first_transaction_at?.toISOString()).toBe(transaction.created_at);
    // The transfer reads back the same, and in Spanish.
    const read = await browser.get(apiPaths.transaction(transaction.id));
    expect(read.statusCode, read.body).toBe(200);
    expect(transactionSchema.parse(read.json())).toEqual(transaction);
    const spanish = await browser.request('GET', apiPaths.transaction(transaction.id), undefined, {
      'accept-language': 'es',
    });
    const es: Transaction = transactionSchema.parse(spanish.json());
    expect(es.state.label).toBe('Pago pendiente');
    expect(es.payment.client_payment_account?.attributes[0]?.key).toBe('Titular de la cuenta');
  });

  it('answers 404 for an unknown quote and for another customer’s', async () => {
    const first = await sender();
    const other = await sender();
    const quote = await quoteTo(first.browser, first.recipient);
    for (const id of [quote.id, crypto.randomUUID()]) {
      const response = await confirm(other.browser, id, confirmBody(quote));
      expect(response.statusCode, response.body).toBe(404);
    }
  });

  it('answers 422 per field: purpose, payment method, payment data, declaration', async () => {
    const { browser, recipient } = await sender();
    const quote = await quoteTo(browser, recipient);
    const wrong = await confirm(
      browser,
      quote.id,
      confirmBody(quote, {
        purpose_id: crypto.randomUUID(),
        payment_method_id: crypto.randomUUID(),
      }),
    );
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(Object.keys(wrong.json<{ errors: object }>().errors).sort()).toEqual([
      'payment_method_id',
      'purpose_id',
    ]);
    const data = await confirm(
      browser,
      quote.id,
      confirmBody(quote, { payment_data: { iban: 'GB00' } }),
    );
    expect(data.statusCode, data.body).toBe(422);
    expect(Object.keys(data.json<{ errors: object }>().errors)).toEqual(['payment_data.iban']);
    const undeclared = await confirm(browser, quote.id, {
      ...confirmBody(quote),
      third_party_declaration_accepted: false,
    });
    expect(undeclared.statusCode).toBe(422);
    expect(await db().select().from(transactions)).not.toContainEqual(
      expect.objectContaining({ quote_id: quote.id }),
    );
  });

  it('refuses a customer blocked for sending, first of every refusal (412)', async () => {
    const { browser, customerId, recipient } = await sender();
    const quote = await quoteTo(browser, recipient);
    // Blocked, the quote expired and its recipient removed: the block is named.
    await db()
      .update(customers)
      .set({ is_blocked_for_sending: true })
      .where(eq(customers.id, customerId));
    await forgetCachedCustomer(testApp.app, customerId);
    expect((await browser.request('DELETE', apiPaths.recipient(recipient.id))).statusCode).toBe(
      204,
    );
    await expireQuote(quote.id);
    const response = await confirm(browser, quote.id, confirmBody(quote));
    expect(response.statusCode, response.body).toBe(412);
    expect(response.json()).toMatchObject({ type: 'blocked_for_sending' });
  });
});
