import { apiPaths, type TransactionStateCode } from '@corridor/contracts';
import { asc, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assemble, type Assembly } from '../../app/assembly.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { TestClock } from '../../test/clock.ts';
import { testConfig } from '../../test/test-app.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { outboxMessages } from '../../outbox/outbox.schema.ts';
// Test code (not run by the app): it reads the ledger's and payouts' rows.
import { ledgerEntries, ledgerPostings } from '../ledger/ledger.schema.ts';
import { payouts } from '../payouts/transfer-payouts.schema.ts';
import { confirmedFrom, readyPayer, type ConfirmedTransfer, type Payer } from './flow-test-kit.ts';
import { transactionStates, transactions } from './transfers.schema.ts';

/**
 * The batched advance (docs/decisions/0043-batched-steps.md) gives what the per-transfer advance
 * gives: random batches of advance jobs (current, stale, early and repeated ones) run through
 * `advanceMany` (what it leaves, alone, as the worker does) on one copy of each transfer, and one
 * by one through `advance` on its twin (same sender's figures, a transfer of its own); then each
 * pair's transfer row, timeline, ledger entries and postings, payout, outbox messages and next
 * jobs are compared, with the ids that name the copy replaced. The test clock stands still, so
 * every time matches. Both copies live on one database and are moved by a second assembly of
 * the product on it (the app's own workers are off), so nothing runs a job behind the test.
 */
/** The test clock, standing still unless a test moves it: both copies' times match. */
class StillClock extends TestClock {
  private at = Date.now();

  override now(): Date {
    return new Date(this.at);
  }

  override advance(ms: number): void {
    if (ms < 0) throw new Error('a test clock only moves forward');
    this.at += ms;
  }
}

const clock = new StillClock();
const file = appPerFile({ clock, startJobs: false, movesMoney: true });
let assembly: Omit<Assembly, 'close'> & { close(): Promise<void> };
/** The two copies' senders: every pair is one transfer of each, of the same amount. */
let payers: [Payer, Payer];
/** Amounts differ (confirm refuses a second transfer of one amount to one recipient). */
let amounts = 20;

beforeAll(async () => {
  assembly = await assemble({
    config: testConfig(),
    database: file.database,
    clock,
    random: cryptoRandom,
    log: file.app.log,
    mailer: { send: async () => {} },
    broadcaster: { broadcast: async () => {}, endSessionConnections: async () => {} },
  });
  const documents = ['POI', 'POA', 'SOF'] as const;
  payers = [
    await readyPayer(file, clock, { documents }),
    await readyPayer(file, clock, { documents }),
  ];
});
afterAll(async () => {
  await assembly.close();
});

const flow = () => assembly.modules.transfers.flow;
const ADVANCING: TransactionStateCode[] = [
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
];
const PAIRS = 3;

/** The payer's transfer, paid and settled: PAYMENT-CLEARED, its first advance waiting. */
async function clearedTransfer(payer: Payer, amount: string): Promise<ConfirmedTransfer> {
  const transfer = await confirmedFrom(payer, amount);
  const paid = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
  expect(paid.statusCode, paid.body).toBe(200);
  await flow().settlement.settleTransfer(transfer.transaction.id, 'operator');
  return transfer;
}

/** A pair's transfers, one of each payer, of one amount. */
async function clearedPair(): Promise<[ConfirmedTransfer, ConfirmedTransfer]> {
  amounts += 1;
  const amount = String(amounts);
  return [await clearedTransfer(payers[0], amount), await clearedTransfer(payers[1], amount)];
}

async function stateOf(transactionId: string): Promise<TransactionStateCode> {
  const [row] = await file.database.db
    .select({ state: transactions.state })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.state as TransactionStateCode;
}

/** What a pair's copy left in the database, with the ids that name the copy replaced. */
async function footprint(transfer: ConfirmedTransfer) {
  const { db } = file.database;
  const id = transfer.transaction.id;
  const anonymous = (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, (_key, item: unknown) =>
        typeof item === 'bigint' ? item.toString() : item,
      )
        .replaceAll(id, '<transfer>')
        .replaceAll(transfer.customerId, '<customer>')
        .replaceAll(transfer.paymentId, '<payment>')
        .replaceAll(transfer.transaction.transaction_number, '<number>'),
    ) as unknown;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  const timeline = await db
    .select({
      state: transactionStates.state,
      cause: transactionStates.cause,
      hold_reason: transactionStates.hold_reason,
      hold_action: transactionStates.hold_action,
      at: transactionStates.at,
    })
    .from(transactionStates)
    .where(eq(transactionStates.transaction_id, id))
    .orderBy(asc(transactionStates.at));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.transaction_id, id))
    .orderBy(asc(ledgerEntries.event));
  const entryIds = entries.map((entry) => entry.id);
  const postings =
    entryIds.length === 0
      ? []
      : await db.select().from(ledgerPostings).where(inArray(ledgerPostings.entry_id, entryIds));
  const eventOf = new Map(entries.map((entry) => [entry.id, entry.event]));
  const [payout] = await db.select().from(payouts).where(eq(payouts.transaction_id, id));
  const messages = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.aggregate_id, id))
    .orderBy(asc(outboxMessages.sequence));
  const jobs = await db
    .select()
    .from(scheduledJobs)
    .where(like(scheduledJobs.singleton_key, `${id}:%`))
    .orderBy(asc(scheduledJobs.singleton_key));
  return anonymous({
    transfer: { state: row?.state, updated_at: row?.updated_at },
    timeline,
    entries: entries.map((entry) => ({
      event: entry.event,
      phase: entry.phase,
      pending: entry.pending_id === null ? null : (eventOf.get(entry.pending_id) ?? 'elsewhere'),
      timeout_at: entry.timeout_at,
      created_at: entry.created_at,
    })),
    postings: postings
      .map((posting) => ({
        event: eventOf.get(posting.entry_id),
        account: posting.account_id,
        side: posting.side,
        amount: posting.amount.toString(),
      }))
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    payout: payout && {
      state: payout.state,
      attempts: payout.attempts,
      partner_code: payout.partner_code,
      created_at: payout.created_at,
    },
    messages: messages.map((message) => ({
      kind: message.kind,
      aggregate_type: message.aggregate_type,
      payload: message.payload,
      created_at: message.created_at,
    })),
    jobs: jobs.map((job) => ({
      name: job.name,
      data: job.data,
      run_at: job.run_at,
      key: job.singleton_key,
    })),
  });
}

/** An advance job of the copy, as a worker hands it over. */
const jobOf = (transactionId: string, from: TransactionStateCode) => ({
  id: cryptoRandom.uuid(),
  transactionId,
  from,
});

/** Runs a job alone, as the worker does (its failure is its own). */
async function alone(job: { transactionId: string; from: TransactionStateCode }) {
  await flow()
    .runner.advance(job.transactionId, job.from)
    .catch(() => undefined);
}

describe('the batched advance', () => {
  it('leaves what the per-transfer advance leaves, for random batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            pair: fc.nat(PAIRS - 1),
            // Mostly the state the transfer is in; else a stale or early job.
            from: fc.constantFrom('current', 'current', 'current', ...ADVANCING),
          }),
          { minLength: 4, maxLength: 24 },
        ),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 8 }),
        async (steps, sizes) => {
          const pairs: [ConfirmedTransfer, ConfirmedTransfer][] = [];
          let taken = 0;
          for (let pair = 0; pair < PAIRS; pair += 1) pairs.push(await clearedPair());
          let next = 0;
          for (let index = 0; next < steps.length; index += 1) {
            const size = sizes[index % sizes.length] ?? 1;
            const batch = steps.slice(next, next + size);
            next += size;
            const jobs: { batched: ReturnType<typeof jobOf>; single: ReturnType<typeof jobOf> }[] =
              [];
            for (const step of batch) {
              const [batched, single] = pairs[step.pair] as [ConfirmedTransfer, ConfirmedTransfer];
              const from =
                step.from === 'current' ? await stateOf(batched.transaction.id) : step.from;
              jobs.push({
                batched: jobOf(batched.transaction.id, from),
                single: jobOf(single.transaction.id, from),
              });
            }
            const done = await flow().advanceMany(jobs.map((job) => job.batched));
            taken += done.size;
            for (const { batched } of jobs) if (!done.has(batched.id)) await alone(batched);
            for (const { single } of jobs) await alone(single);
          }
          // The batch took jobs itself: the comparison is not of the fallback with itself.
          expect(taken).toBeGreaterThan(0);
          for (const [copy, twin] of pairs) {
            expect(await footprint(copy)).toEqual(await footprint(twin));
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it('takes a batch of 20 advances in a handful of statements', async () => {
    const transfers: ConfirmedTransfer[] = [];
    for (let n = 0; n < 20; n += 1) {
      amounts += 1;
      transfers.push(await clearedTransfer(payers[n % 2] as Payer, String(amounts)));
    }
    for (const from of ADVANCING) {
      const jobs = transfers.map((transfer) => jobOf(transfer.transaction.id, from));
      let done = new Set<string>();
      // The batch's own statements: not BEGIN and COMMIT (counted on PostgreSQL only), nor the
      // outbox's delivery after the commit (its own module's budget).
      const sent = (
        await file.statements.during(async () => {
          done = await flow().advanceMany(jobs);
        })
      ).filter(
        (text) =>
          !/^(begin|commit)$/i.test(text.trim()) &&
          !(/"outbox_messages"/.test(text) && !/^insert into "outbox_messages"/.test(text)),
      );
      expect(done.size).toBe(20);
      // The transfers locked; the states and timeline; the ledger's accounts (when new),
      // entries, settlements and balances; the payouts; the outbox messages; the next jobs (9
      // measured, whatever the step). For the clearance, also the customers' document locks and
      // their proofs of identity, one statement each for the whole batch.
      const budget = from === 'PAYMENT-CLEARED' ? 10 + 2 : 10;
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(budget);
      for (const transfer of transfers) {
        expect(await stateOf(transfer.transaction.id)).not.toBe(from);
      }
    }
  });
});
