import crypto from 'node:crypto';
import { apiPaths, transactionSchema } from '@corridor/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forgetCachedCustomer } from '../../test/cached-reads.ts';
import { transactions } from './transfers.schema.ts';
import {
  confirm,
  confirmBody,
  indianRecipient,
  quoteTo,
  readySender,
  transfersTestFile,
} from './transfers-test-kit.ts';

/**
 * Confirm in groups (docs/decisions/0058-grouped-requests.md): keyed confirms that reach the
 * route together run in one transaction, the customers' confirm locks taken in sorted order, and
 * each is answered as it would be alone, a customer's second confirm seeing its first.
 */
const { clock, testApp, db } = transfersTestFile({ rateBeforeEach: true });

/** The group's try-lock of its keys: sent once a group of two or more. */
const GROUP_LOCK = /pg_try_advisory_xact_lock\(hashtextextended\("k"\."name"/;
const SINGLE_LOCK = /pg_try_advisory_xact_lock\(hashtextextended\(\$1/;

/**
 * What a group sends besides each confirm's own: begin; the keys' try-lock; their stored
 * answers with the confirm locks; the events in one insert; the stored answers; commit; the
 * outbox's delivery (2). Each confirm's own: its prepare's reads (3), its facts, its transfer
 * with its timeline, its payment, its recipient's dates (4). Alone a confirm sends 15
 * (confirm-statements.test.ts).
 */
const GROUP_BUDGET = 8;
const CONFIRM_IN_GROUP = 7;
const CONFIRM_BUDGET = 15;

async function senderWithRecipient(documents?: readonly ('POI' | 'POA' | 'SOF')[]) {
  const sender = await readySender(testApp.app, db(), clock, documents ? { documents } : {});
  return { ...sender, recipient: await indianRecipient(sender.browser, db()) };
}

type Sender = Awaited<ReturnType<typeof senderWithRecipient>>;
type Quote = Awaited<ReturnType<typeof quoteTo>>;

async function transfersOf(customerId: string) {
  const [row] = await db()
    .select({ n: count() })
    .from(transactions)
    .where(eq(transactions.customer_id, customerId));
  return row?.n ?? 0;
}

describe('confirm in groups', () => {
  it('answers each confirm of a group as it reads back, within the group’s budget', async () => {
    const senders: Sender[] = [];
    for (let i = 0; i < 4; i += 1) senders.push(await senderWithRecipient());
    const quotes: Quote[] = [];
    for (const sender of senders) quotes.push(await quoteTo(sender.browser, sender.recipient));
    for (const sender of senders) await forgetCachedCustomer(testApp.app, sender.customerId);
    const languages = senders.map((_, index) => (index % 2 === 0 ? 'en' : 'es'));
    let answers: Awaited<ReturnType<typeof confirm>>[] = [];
    const sent = await testApp.statements.during(async () => {
      answers = await Promise.all(
        senders.map((sender, index) => {
          const quote = quotes[index];
          if (!quote) throw new Error('no quote');
          return sender.browser.request(
            'POST',
            apiPaths.quoteConfirm(quote.id),
            confirmBody(quote),
            { 'idempotency-key': crypto.randomUUID(), 'accept-language': languages[index] ?? 'en' },
          );
        }),
      );
    });
    const groups = sent.filter((text) => GROUP_LOCK.test(text)).length;
    const alone = sent.filter((text) => SINGLE_LOCK.test(text)).length;
    expect(groups).toBeGreaterThan(0);
    // Not counted: the sessions' reads, and the currencies the answers show, read once a process.
    const own = sent.filter((text) => !/ from "(sessions|currencies)"/.test(text));
    expect(own.length, own.join('\n')).toBeLessThanOrEqual(
      groups * GROUP_BUDGET + (senders.length - alone) * CONFIRM_IN_GROUP + alone * CONFIRM_BUDGET,
    );
    for (const [index, sender] of senders.entries()) {
      const answer = answers[index];
      expect(answer?.statusCode, answer?.body).toBe(201);
      const made = transactionSchema.parse(answer?.json());
      const read = await sender.browser.request('GET', apiPaths.transaction(made.id), undefined, {
        'accept-language': languages[index] ?? 'en',
      });
      expect(read.statusCode, read.body).toBe(200);
      expect(answer?.json()).toEqual(read.json());
    }
  });

  it('refuses in a group what alone is refused: past a limit together, a quote confirmed twice', async () => {
    // Enhanced: GBP 50,000 in 24 hours. 20,000 sent; 15,000 and 15,001 each fit, not both.
    const { browser, customerId, recipient } = await senderWithRecipient(['POI', 'POA', 'SOF']);
    const other = await senderWithRecipient();
    const first = await quoteTo(browser, recipient, '20000');
    expect((await confirm(browser, first.id, confirmBody(first))).statusCode).toBe(201);
    const a = await quoteTo(browser, recipient, '15000');
    const b = await quoteTo(browser, recipient, '15001');
    const theirs = await quoteTo(other.browser, other.recipient);
    const asks = [
      { browser, quote: a, key: crypto.randomUUID() },
      { browser: other.browser, quote: theirs, key: crypto.randomUUID() },
      { browser, quote: b, key: crypto.randomUUID() },
      // The same quote again, with another key: told the transfer it already is.
      { browser: other.browser, quote: theirs, key: crypto.randomUUID() },
    ];
    let answers: Awaited<ReturnType<typeof confirm>>[] = [];
    const sent = await testApp.statements.during(async () => {
      answers = await Promise.all(
        asks.map(({ browser: asker, quote, key }) =>
          confirm(asker, quote.id, confirmBody(quote), key),
        ),
      );
    });
    expect(sent.filter((text) => GROUP_LOCK.test(text)).length).toBeGreaterThan(0);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 412, 412]);
    expect(answers[2]?.json()).toMatchObject({ type: 'limit_exceeded', period: 'last_24_hours' });
    const made = transactionSchema.parse(answers[1]?.json());
    expect(answers[3]?.json()).toMatchObject({
      type: 'duplicate_transaction',
      transaction_id: made.id,
    });
    expect(await transfersOf(customerId)).toBe(2);
    expect(await transfersOf(other.customerId)).toBe(1);
    // A refusal stores nothing: its key asked again is decided again, not replayed.
    const again = await confirm(browser, b.id, confirmBody(b), asks[2]?.key);
    expect(again.statusCode).toBe(412);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });

  it('runs a group whose statement fails one by one, each answered as alone', async () => {
    const senders: Sender[] = [];
    for (let i = 0; i < 3; i += 1) senders.push(await senderWithRecipient());
    const quotes: Quote[] = [];
    for (const sender of senders) quotes.push(await quoteTo(sender.browser, sender.recipient));
    // A fault only a group meets: an insert of two or more stored answers fails.
    await db().execute(sql`
      create function refuse_grouped_confirms() returns trigger language plpgsql as $$
      begin
        if (select count(*) from inserted) > 1 then raise exception 'grouped answers refused'; end if;
        return null;
      end $$`);
    await db().execute(sql`
      create trigger refuse_grouped_confirms after insert on idempotency_keys
      referencing new table as inserted for each statement execute function refuse_grouped_confirms()`);
    try {
      const answers = await Promise.all(
        senders.map((sender, index) => {
          const quote = quotes[index];
          if (!quote) throw new Error('no quote');
          return confirm(sender.browser, quote.id, confirmBody(quote), crypto.randomUUID());
        }),
      );
      for (const [index, sender] of senders.entries()) {
        expect(answers[index]?.statusCode, answers[index]?.body).toBe(201);
        expect(await transfersOf(sender.customerId)).toBe(1);
      }
      expect(testApp.logs().some((line) => line.msg === 'group failed')).toBe(true);
    } finally {
      await db().execute(sql`drop trigger refuse_grouped_confirms on idempotency_keys`);
      await db().execute(sql`drop function refuse_grouped_confirms()`);
    }
  });
});
