import crypto from 'node:crypto';
import { apiPaths, paymentSchema, typedErrorSchema, type Payment } from '@corridor/contracts';
import { count, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/app-per-file.ts';
import { untilGrouped } from '../../test/grouped-rounds.ts';
import { outboxMessages } from '../../outbox/outbox.schema.ts';
import { SECOND, TestClock } from '../../test/clock.ts';
import { waitUntil } from '../../test/wait-for.ts';
import type { TestBrowser } from '../../test/test-browser.ts';
import {
  confirmedTransfer,
  runJobs,
  SETTLE_SECONDS,
  transferOf,
  type ConfirmedTransfer,
} from './flow-test-kit.ts';

/**
 * "I've paid" in groups (docs/decisions/0058-grouped-requests.md): keyed requests that reach the
 * route together run in one transaction, each answered as it would be alone. Four groups may run
 * at once here, so that two groups can cross on the same transfers.
 */
const clock = new TestClock();
const file = appPerFile({ clock, movesMoney: true, idempotency: { groupsInFlight: 4 } });

/** The group's try-lock of its keys: sent once a group of two or more. */
const GROUP_LOCK = /pg_try_advisory_xact_lock\(hashtextextended\("k"\."name"/;
const SINGLE_LOCK = /pg_try_advisory_xact_lock\(hashtextextended\(\$1/;

/**
 * What a group of "I've paid" sends, however many it holds: begin; the keys' try-lock and stored
 * answers (2); the payments found, their transfers locked with their timelines, the payments
 * locked, the customers' languages (4); the changes, their events, the settlements, the stored
 * answers (4); commit; the outbox's delivery (2). One alone sends 12.
 */
const GROUP_BUDGET = 14;
const PAYMENT_SENT_BUDGET = 12;
/**
 * The requests' own statements: each answer kicks the outbox's dispatch job, and its pass (and
 * the job's next periodic run) may fall among the later requests' statements.
 */
const OWN_ONLY = { ownOnly: true };

const paid = (browser: TestBrowser, paymentId: string, key?: string, language = 'en') =>
  browser.request(
    'POST',
    apiPaths.paymentSent(paymentId),
    {},
    {
      ...(key === undefined ? {} : { 'idempotency-key': key }),
      'accept-language': language,
    },
  );

/** The payment as "I've paid" answers it alone, once it was said (no key: read, not changed). */
async function aloneAnswer(transfer: ConfirmedTransfer, language = 'en'): Promise<Payment> {
  const again = await paid(transfer.browser, transfer.paymentId, undefined, language);
  expect(again.statusCode, again.body).toBe(200);
  return paymentSchema.parse(again.json());
}

/**
 * Until the work after earlier commits is done (their jobs' ticks and workers, their events'
 * delivery), so that a count of statements holds only the requests' own.
 */
async function quiet(): Promise<void> {
  await file.app.jobs.idle(20_000);
  await waitUntil(async () => {
    const [row] = await file.database.db
      .select({ undelivered: count() })
      .from(outboxMessages)
      .where(isNull(outboxMessages.dispatched_at));
    return row?.undelivered === 0;
  });
  // A pass that delivered the last message still ends with a claim that finds none: once the
  // table is empty it may still be running, and its claim would fall into the next count
  // (CI, on a busy machine). A pass of our own starts only after it and ends the same way.
  await file.app.outbox.dispatch();
}

const confirmedTransfers = async (count: number) => {
  const made: ConfirmedTransfer[] = [];
  for (let i = 0; i < count; i += 1) made.push(await confirmedTransfer(file, clock));
  return made;
};

/** What differs between two customers' payments of the same amount. */
const shapeOf = ({
  state,
  customer_confirmed_payment,
  awaiting_confirmation,
  payment_url,
}: Payment) => ({ state, customer_confirmed_payment, awaiting_confirmation, payment_url });

describe('"I\'ve paid" in groups', () => {
  it('answers each of a group as alone, in the request’s language, and settles each', async () => {
    await untilGrouped(async () => {
      const [single, ...grouped] = await confirmedTransfers(5);
      if (!single) throw new Error('no transfer');
      const first = await paid(single.browser, single.paymentId, crypto.randomUUID());
      expect(first.statusCode, first.body).toBe(200);
      const languages = grouped.map((_, index) => (index % 2 === 0 ? 'en' : 'es'));

      let answers: { statusCode: number; body: string; json: () => unknown }[] = [];
      await quiet();
      const sent = await file.statements.during(async () => {
        answers = await Promise.all(
          grouped.map((transfer, index) =>
            paid(transfer.browser, transfer.paymentId, crypto.randomUUID(), languages[index]),
          ),
        );
      }, OWN_ONLY);
      // Within budget: each group GROUP_BUDGET, each request that ran alone its own (12,
      // confirm-statements.test.ts), besides the sessions' reads.
      const groups = sent.filter((text) => GROUP_LOCK.test(text)).length;
      const alone = sent.filter((text) => SINGLE_LOCK.test(text)).length;
      const own = sent.filter((text) => !/ from "sessions"/.test(text));
      expect(own.length, own.join('\n')).toBeLessThanOrEqual(
        groups * GROUP_BUDGET + alone * PAYMENT_SENT_BUDGET,
      );
      for (const [index, transfer] of grouped.entries()) {
        const answer = answers[index];
        expect(answer?.statusCode, answer?.body).toBe(200);
        const payment = paymentSchema.parse(answer?.json());
        expect(payment).toEqual(await aloneAnswer(transfer, languages[index]));
        if (languages[index] === 'en') {
          expect(shapeOf(payment)).toEqual(shapeOf(paymentSchema.parse(first.json())));
        }
      }
      expect(paymentSchema.parse(answers[1]?.json()).state.label).not.toBe(
        paymentSchema.parse(answers[0]?.json()).state.label,
      );
      await runJobs(file, clock, SETTLE_SECONDS * SECOND);
      for (const transfer of [single, ...grouped]) {
        const after = await transferOf(transfer.browser, transfer.transaction.id);
        expect(after.payment.state.code).toBe('CAPTURED');
      }
      return groups > 0;
    });
  });

  it('refuses only the requests refused alone, and stores none of their answers', async () => {
    const [mine, cancelled, theirs] = await confirmedTransfers(3);
    if (!mine || !cancelled || !theirs) throw new Error('no transfers');
    const cancel = await cancelled.browser.request(
      'POST',
      apiPaths.paymentCancel(cancelled.transaction.id),
      {},
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const asks = [
      { browser: mine.browser, paymentId: mine.paymentId, key: crypto.randomUUID() },
      { browser: cancelled.browser, paymentId: cancelled.paymentId, key: crypto.randomUUID() },
      // Another customer's payment, and an id that is none: missing (IDOR).
      { browser: mine.browser, paymentId: theirs.paymentId, key: crypto.randomUUID() },
      { browser: mine.browser, paymentId: 'not-a-payment', key: crypto.randomUUID() },
      { browser: theirs.browser, paymentId: theirs.paymentId, key: crypto.randomUUID() },
    ];
    let answers: { statusCode: number; body: string; json: () => unknown }[] = [];
    await quiet();
    const sent = await file.statements.during(async () => {
      answers = await Promise.all(asks.map((ask) => paid(ask.browser, ask.paymentId, ask.key)));
    }, OWN_ONLY);
    expect(sent.filter((text) => GROUP_LOCK.test(text)).length).toBeGreaterThan(0);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409, 404, 404, 200]);
    expect(typedErrorSchema.parse(answers[1]?.json()).type).toBe('payment_not_open');
    expect(paymentSchema.parse(answers[0]?.json())).toEqual(await aloneAnswer(mine));
    expect(paymentSchema.parse(answers[4]?.json())).toEqual(await aloneAnswer(theirs));
    expect((await transferOf(cancelled.browser, cancelled.transaction.id)).payment).toMatchObject({
      customer_confirmed_payment: false,
    });
    // A refusal stores nothing: its key asked again is decided again, not replayed.
    const again = await Promise.all(
      asks.slice(1, 4).map((ask) => paid(ask.browser, ask.paymentId, ask.key)),
    );
    expect(
      again.map((answer) => [answer.statusCode, answer.headers['idempotent-replayed']]),
    ).toEqual([
      [409, undefined],
      [404, undefined],
      [404, undefined],
    ]);
    // A stored answer is replayed as alone.
    const replayed = await paid(mine.browser, mine.paymentId, asks[0]?.key);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(answers[0]?.body);
  });

  it('runs a group whose statement fails one by one, each answered as alone', async () => {
    const db = file.database.db;
    // A fault only a group meets: an insert of two or more stored answers fails.
    await db.execute(sql`
      create function refuse_grouped_answers() returns trigger language plpgsql as $$
      begin
        if (select count(*) from inserted) > 1 then raise exception 'grouped answers refused'; end if;
        return null;
      end $$`);
    await db.execute(sql`
      create trigger refuse_grouped_answers after insert on idempotency_keys
      referencing new table as inserted for each statement execute function refuse_grouped_answers()`);
    const groupsFailed = () => file.logs().filter((line) => line.msg === 'group failed').length;
    try {
      await untilGrouped(async () => {
        const transfers = await confirmedTransfers(3);
        const failedBefore = groupsFailed();
        const answers = await Promise.all(
          transfers.map((transfer) =>
            paid(transfer.browser, transfer.paymentId, crypto.randomUUID()),
          ),
        );
        for (const [index, transfer] of transfers.entries()) {
          expect(answers[index]?.statusCode, answers[index]?.body).toBe(200);
          expect(paymentSchema.parse(answers[index]?.json())).toEqual(await aloneAnswer(transfer));
        }
        return groupsFailed() > failedBefore;
      });
    } finally {
      await db.execute(sql`drop trigger refuse_grouped_answers on idempotency_keys`);
      await db.execute(sql`drop function refuse_grouped_answers()`);
    }
  });

  it('does not deadlock when groups cross on the same transfers in opposite orders', async () => {
    const transfers = await confirmedTransfers(4);
    const forwards = transfers.map((transfer) => ({ transfer, key: crypto.randomUUID() }));
    const backwards = [...transfers]
      .reverse()
      .map((transfer) => ({ transfer, key: crypto.randomUUID() }));
    const ask = ({ transfer, key }: { transfer: ConfirmedTransfer; key: string }) =>
      paid(transfer.browser, transfer.paymentId, key);
    const [there, back] = await Promise.all([
      Promise.all(forwards.map(ask)),
      Promise.all(backwards.map(ask)),
    ]);
    for (const [index, transfer] of transfers.entries()) {
      const one = there[index];
      const other = back[transfers.length - 1 - index];
      expect(one?.statusCode, one?.body).toBe(200);
      expect(other?.statusCode, other?.body).toBe(200);
      expect(paymentSchema.parse(one?.json())).toEqual(await aloneAnswer(transfer));
      expect(other?.body).toBe(one?.body);
    }
  });
});
