import crypto from 'node:crypto';
import { transactionSchema } from '@corridor/contracts';
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
 *   sends), the recipient, the transfers' facts (quote taken, rolling sends): 4;
 * - the key: its try-lock, then its stored answer read with the confirm lock taken: 2;
 * - under the lock: the facts again (taken, sends, twin): 1; the transfer and its CREATED row
 *   (the UNIQUE index checks the number): 2; PENDING-PAYMENT (the transition's read of the
 *   transfer and its history, its row, the update, its event): 5; the payment and the
 *   recipient's last-transfer time: 2; the answer read back (history, payment, payout, quote,
 *   recipient, customer): 6; the stored answer: 1;
 * - after the commit, the outbox's delivery of the event: 5.
 */
const CONFIRM_BUDGET = 30;

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
