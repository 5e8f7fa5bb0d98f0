import crypto from 'node:crypto';
import { transactionSchema } from '@corridor/contracts';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../payments/payments.schema.ts';
import { transactions } from './transfers.schema.ts';
import {
  confirm,
  confirmBody,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

// Issue 29, done when: the idempotency and concurrency figures hold on PGlite and PostgreSQL.
const { clock, testApp, db } = transfersTestFile({ rateBeforeEach: true });

async function transfersOf(customerId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.customer_id, customerId));
  return row?.n ?? 0;
}

async function senderWithRecipient(documents?: readonly ('POI' | 'POA' | 'SOF')[]) {
  const sender = await readySender(testApp.app, db(), clock, documents ? { documents } : {});
  return { ...sender, recipient: await indianRecipient(sender.browser, db()) };
}

describe('confirm under concurrency (docs/product/sending-money.md#confirming)', () => {
  it('50 concurrent confirms with one Idempotency-Key make one transfer; a retry gets the stored answer', async () => {
    const { browser, customerId, recipient } = await senderWithRecipient();
    const quote = await quoteTo(browser, recipient);
    const key = crypto.randomUUID();
    const body = confirmBody(quote);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => confirm(browser, quote.id, body, key)),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    const busy = answers.filter((answer) => answer.statusCode === 409);
    expect(created.length + busy.length, answers.map((a) => a.body).join('\n')).toBe(50);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // Every 201 is the one stored answer.
    expect(new Set(created.map((answer) => answer.body)).size).toBe(1);
    for (const answer of busy) {
      expect(answer.json()).toMatchObject({ type: 'idempotency_key_in_use' });
    }
    expect(await transfersOf(customerId)).toBe(1);
    const retry = await confirm(browser, quote.id, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.body).toBe(created[0]?.body);
    const transaction = transactionSchema.parse(retry.json());
    const paid = await db()
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.transaction_id, transaction.id));
    expect(paid[0]?.n).toBe(1);
  });

  it('10 concurrent confirms of one quote without a key make one transfer; the others are told its id', async () => {
    const { browser, customerId, recipient } = await senderWithRecipient();
    const quote = await quoteTo(browser, recipient);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(browser, quote.id, confirmBody(quote))),
    );
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created).toHaveLength(1);
    const id = transactionSchema.parse(created[0]?.json()).id;
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(412);
      expect(answer.json()).toMatchObject({ type: 'duplicate_transaction', transaction_id: id });
    }
    expect(await transfersOf(customerId)).toBe(1);
  });

  it('two concurrent confirms of different quotes that together pass a limit: one is refused', async () => {
    // Enhanced: GBP 50,000 in 24 hours. 20,000 sent; 15,000 and 15,001 each fit, not both.
    const { browser, customerId, recipient } = await senderWithRecipient(['POI', 'POA', 'SOF']);
    const first = await quoteTo(browser, recipient, '20000');
    expect((await confirm(browser, first.id, confirmBody(first))).statusCode).toBe(201);
    const [a, b] = [
      await quoteTo(browser, recipient, '15000'),
      await quoteTo(browser, recipient, '15001'),
    ];
    if (!a || !b) throw new Error('no quotes');
    const answers = await Promise.all([
      confirm(browser, a.id, confirmBody(a)),
      confirm(browser, b.id, confirmBody(b)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 412]);
    const refused = answers.find((answer) => answer.statusCode === 412);
    expect(refused?.json()).toMatchObject({ type: 'limit_exceeded', period: 'last_24_hours' });
    expect(await transfersOf(customerId)).toBe(2);
  });
});
