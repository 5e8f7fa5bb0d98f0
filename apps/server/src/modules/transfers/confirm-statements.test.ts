import crypto from 'node:crypto';
import { apiPaths, transactionSchema } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import {
  confirm,
  confirmBody,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';
import { createTransfersRepository } from './transfers.repository.ts';
import { transactions } from './transfers.schema.ts';

const { clock, testApp, db } = transfersTestFile({ rateBeforeEach: true });

/**
 * What one confirm sends (issue 29: the statements per transfer are the throughput), the customer
 * uncached as after any write; on PostgreSQL the transaction's begin and commit count too (2):
 * - prepare: the quote, the customer resource (one statement with its account, documents and
 *   sends), the recipient: 3;
 * - the key: its try-lock, then its stored answer read with the confirm lock taken: 2;
 * - under the lock: the transfers' facts (quote taken, rolling sends, twin), read once: 1; the
 *   transfer already in PENDING-PAYMENT with its CREATED and PENDING-PAYMENT rows (the UNIQUE
 *   index checks the number): 1; its event: 1; the payment: 1; the recipient's transfer dates,
 *   read back for the answer: 1; the stored answer: 1 (the answer is made from these rows, not
 *   read back);
 * - after the commit, the outbox's delivery of the event: 2.
 * It was 27 (and 45 before that).
 */
const CONFIRM_BUDGET = 15;

/**
 * What one "I've paid" sends, besides the session's read: the key's try-lock and stored answer
 * (2); the payment's transfer locked with its timeline and the customer's language (1); the
 * payment locked (1), changed (1) and its event (1); the bank's settlement scheduled (1); the
 * stored answer (1); the outbox's delivery (2); on PostgreSQL begin and commit (2). It was 14.
 */
const PAYMENT_SENT_BUDGET = 12;

async function quoteToConfirm() {
  const { browser, customerId } = await readySender(testApp.app, db(), clock);
  const recipient = await indianRecipient(browser, db());
  const quote = await quoteTo(browser, recipient, '250');
  await forgetCachedCustomer(testApp.app, customerId);
  return { browser, quote };
}

describe('confirm in few statements (issue 29)', () => {
  it('with a key: within its budget, no savepoint, no number read, one lock statement', async () => {
    const { browser, quote } = await quoteToConfirm();
    const sent = await testApp.statements.during(async () => {
      const response = await confirm(browser, quote.id, confirmBody(quote), crypto.randomUUID());
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(CONFIRM_BUDGET);
    expect(sent.filter((text) => /savepoint/i.test(text))).toEqual([]);
    expect(sent.filter((text) => /where "transactions"."transaction_number"/.test(text))).toEqual(
      [],
    );
    expect(sent.filter((text) => /pg_advisory_xact_lock/.test(text))).toHaveLength(1);
  });

  it('without a key: the use case takes the lock itself, within the same budget', async () => {
    const { browser, quote } = await quoteToConfirm();
    const sent = await testApp.statements.during(async () => {
      const response = await confirm(browser, quote.id, confirmBody(quote));
      expect(response.statusCode, response.body).toBe(201);
    });
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(CONFIRM_BUDGET);
    expect(sent.filter((text) => /pg_advisory_xact_lock/.test(text))).toHaveLength(1);
  });

  it('a replayed key reads its answer and writes nothing', async () => {
    const { browser, quote } = await quoteToConfirm();
    const key = crypto.randomUUID();
    const first = await confirm(browser, quote.id, confirmBody(quote), key);
    expect(first.statusCode, first.body).toBe(201);
    const sent = await testApp.statements.during(async () => {
      const again = await confirm(browser, quote.id, confirmBody(quote), key);
      expect(again.statusCode).toBe(201);
      expect(again.body).toBe(first.body);
    });
    // The first answer's outbox delivery may still be marking its event dispatched meanwhile.
    const writes = sent.filter(
      (text) => /^(insert|update|delete)/i.test(text) && !text.includes('"outbox_messages"'),
    );
    expect(writes).toEqual([]);
  });

  it('answers the transfer exactly as it reads back, in the request’s language', async () => {
    const { browser, quote } = await quoteToConfirm();
    const response = await browser.request(
      'POST',
      apiPaths.quoteConfirm(quote.id),
      confirmBody(quote),
      { 'idempotency-key': crypto.randomUUID(), 'accept-language': 'es' },
    );
    expect(response.statusCode, response.body).toBe(201);
    const made = transactionSchema.parse(response.json());
    const read = await browser.request('GET', apiPaths.transaction(made.id), undefined, {
      'accept-language': 'es',
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(response.json()).toEqual(read.json());
    expect(made.state.label).toBe('Pago pendiente');
  });

  it('"I\'ve paid" with a key: within its budget, the payment’s transfer locked in one statement', async () => {
    const { browser, quote } = await quoteToConfirm();
    const response = await confirm(browser, quote.id, confirmBody(quote), crypto.randomUUID());
    expect(response.statusCode, response.body).toBe(201);
    const paymentId = transactionSchema.parse(response.json()).payment.id;
    const sent = await testApp.statements.during(async () => {
      const paid = await browser.request(
        'POST',
        apiPaths.paymentSent(paymentId),
        {},
        {
          'idempotency-key': crypto.randomUUID(),
        },
      );
      expect(paid.statusCode, paid.body).toBe(200);
    });
    const own = sent.filter((text) => !/ from "sessions"/.test(text));
    expect(own.length, own.join('\n')).toBeLessThanOrEqual(PAYMENT_SENT_BUDGET);
    expect(own.filter((text) => /from "transactions"/.test(text))).toHaveLength(1);
    expect(own.filter((text) => /from "customers"/.test(text))).toHaveLength(1);
  });

  it('a drawn number already taken is refused by the UNIQUE index, and nothing is written', async () => {
    const { browser, quote } = await quoteToConfirm();
    const response = await confirm(browser, quote.id, confirmBody(quote));
    expect(response.statusCode, response.body).toBe(201);
    const made = transactionSchema.parse(response.json());
    const [row] = await db().select().from(transactions).where(eq(transactions.id, made.id));
    if (!row) throw new Error('the transfer was not stored');
    const repository = createTransfersRepository();
    const { state: _state, updated_at: _updated, ...values } = row;
    const inserted = await repository.insertNumbered(
      db(),
      { ...values, id: crypto.randomUUID() },
      crypto.randomUUID(),
    );
    expect(inserted).toBe(false);
    const same = await db()
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.transaction_number, row.transaction_number));
    expect(same).toEqual([{ id: row.id }]);
  });
});
