import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { transactions } from './transfers.schema.ts';
import {
  confirm,
  confirmBody,
  freshRate,
  indianRecipient,
  quoteTo,
  readySender,
} from './transfers-test-kit.ts';

/**
 * Confirm groups that cross (docs/decisions/0058-grouped-requests.md): as transfersTestFile, with
 * four groups at once, so that two groups can hold and wait for the same customers' confirm
 * locks; they take them in sorted order, so they queue instead of deadlocking.
 */
const clock = new TestClock();
const testApp = appPerFile({
  clock,
  startJobs: false,
  movesMoney: true,
  idempotency: { groupsInFlight: 4 },
});
const db = () => testApp.database.db;
beforeEach(() => freshRate(db(), clock));

async function senderWithRecipient() {
  const sender = await readySender(testApp.app, db(), clock);
  return { ...sender, recipient: await indianRecipient(sender.browser, db()) };
}

/** The group's try-lock of its keys: sent once a group of two or more. */
const GROUP_LOCK = /pg_try_advisory_xact_lock\(hashtextextended\("k"\."name"/;

type Sender = Awaited<ReturnType<typeof senderWithRecipient>>;
type Quote = Awaited<ReturnType<typeof quoteTo>>;

describe('confirm groups that cross', () => {
  it('do not deadlock on the same customers in opposite orders', async () => {
    const senders: Sender[] = [];
    for (let i = 0; i < 3; i += 1) senders.push(await senderWithRecipient());
    const there: { sender: Sender; quote: Quote }[] = [];
    const back: { sender: Sender; quote: Quote }[] = [];
    for (const sender of senders) {
      // Two amounts, so that the second is not taken for a second click (refusal 10).
      there.push({ sender, quote: await quoteTo(sender.browser, sender.recipient, '100') });
      back.unshift({ sender, quote: await quoteTo(sender.browser, sender.recipient, '120') });
    }
    const ask = ({ sender, quote }: { sender: Sender; quote: Quote }) =>
      confirm(sender.browser, quote.id, confirmBody(quote), crypto.randomUUID());
    let answers: Awaited<ReturnType<typeof confirm>>[] = [];
    const sent = await testApp.statements.during(async () => {
      answers = await Promise.all([...there.map(ask), ...back.map(ask)]);
    });
    expect(sent.filter((text) => GROUP_LOCK.test(text)).length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    for (const sender of senders) {
      const [row] = await db()
        .select({ n: count() })
        .from(transactions)
        .where(eq(transactions.customer_id, sender.customerId));
      expect(row?.n).toBe(2);
    }
  });
});
