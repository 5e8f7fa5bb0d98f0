import { apiPaths, type TransactionStateCode } from '@corridor/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleItems } from '../../jobs/bundled-jobs.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { footprint, secondAssembly, StillClock, type SecondAssembly } from './batch-test-kit.ts';
import { confirmedFrom, readyPayer, type ConfirmedTransfer, type Payer } from './flow-test-kit.ts';
import { advanceHandOverJob } from './flow-jobs.ts';
import { CANCELLATION_WINDOW_MS } from './transaction-states.ts';
import { ADVANCE_BATCH_SIZE } from './money-flow.ts';
import { transactions } from './transfers.schema.ts';

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
const clock = new StillClock();
const file = appPerFile({ clock, startJobs: false, movesMoney: true });
let assembly: SecondAssembly;
/** The two copies' senders: every pair is one transfer of each, of the same amount. */
let payers: [Payer, Payer];
/** Amounts differ (confirm refuses a second transfer of one amount to one recipient). */
let amounts = 20;

beforeAll(async () => {
  assembly = await secondAssembly(file, clock);
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
/**
 * The moves a settled transfer waits for. The one from PAYMENT-CLEARED is decided by the
 * settlement itself (decision 71, settlement-batch.test.ts), so a job from there finds its
 * transfer moved on: the random batches below still send such jobs, stale.
 */
const ADVANCING: TransactionStateCode[] = ['CONVERTING-FOREX', 'AVAILABLE-FOR-PAYOUT'];
const JOB_FROM: TransactionStateCode[] = ['PAYMENT-CLEARED', ...ADVANCING];
const PAIRS = 3;
/** The state each batch moves its transfers to, and the kind of the move after it. */
const NEXT_MOVE: Partial<Record<TransactionStateCode, { state: string; kind: string }>> = {
  'CONVERTING-FOREX': { state: 'AVAILABLE-FOR-PAYOUT', kind: advanceHandOverJob.name },
};

/** The payer's transfer, paid and settled: CONVERTING-FOREX, its conversion's advance waiting. */
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
            from: fc.constantFrom('current', 'current', 'current', ...JOB_FROM),
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
            expect(await footprint(file, copy)).toEqual(await footprint(file, twin));
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it('takes a whole fetch of advances (ADVANCE_BATCH_SIZE) in a handful of statements', async () => {
    // A worker's fetch as it comes under load: the statements do not grow with it (issue 29).
    const transfers: ConfirmedTransfer[] = [];
    for (let n = 0; n < ADVANCE_BATCH_SIZE; n += 1) {
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
      expect(done.size).toBe(ADVANCE_BATCH_SIZE);
      // The transfers locked; the states and timeline; the ledger's accounts (when new),
      // entries, settlements and balances; the payouts; the outbox messages; the next jobs (9
      // measured, whatever the step).
      expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(10);
      for (const transfer of transfers) {
        expect(await stateOf(transfer.transaction.id)).not.toBe(from);
      }
      // The next move waits under its own kind, which has its own fetching loop (flow-jobs.ts).
      const next = NEXT_MOVE[from];
      if (next) {
        // A bundle of them (decision 69), or one alone.
        const ids = new Set(transfers.map((transfer) => transfer.transaction.id));
        const waiting = (await file.database.db.select().from(scheduledJobs)).filter((job) =>
          (bundleItems(job.data) ?? [job.data]).some(
            (item) => ids.has(String(item.transaction_id)) && item.from === next.state,
          ),
        );
        expect(new Set(waiting.map((job) => job.name))).toEqual(new Set([next.kind]));
      }
    }
  });

  it('sends the same statement texts for a batch of 2 as for a batch of 4', async () => {
    /** Each step's texts for a batch of `size` new transfers (`amounts` keeps them apart). */
    const textsOf = async (size: number) => {
      const transfers: ConfirmedTransfer[] = [];
      for (let n = 0; n < size; n += 1) {
        amounts += 1;
        transfers.push(await clearedTransfer(payers[n % 2] as Payer, String(amounts)));
      }
      const texts: string[][] = [];
      for (const from of ADVANCING) {
        const jobs = transfers.map((transfer) => jobOf(transfer.transaction.id, from));
        let done = new Set<string>();
        const sent = await file.statements.during(async () => {
          done = await flow().advanceMany(jobs);
        });
        expect(done.size).toBe(size);
        texts.push(sent.filter((text) => !/^(begin|commit)$/i.test(text.trim())));
      }
      return texts;
    };
    // Set-based statements whose lists travel as one value each: their texts do not grow with
    // the batch, so each is prepared once a connection (decision 52). The outbox's delivery
    // after the commit reads its own rounds (its module's), so only the texts are compared.
    const [two, four] = [await textsOf(2), await textsOf(4)];
    expect(new Set(four.flat())).toEqual(new Set(two.flat()));
  });

  // Last: it moves the clock past the cancellation windows (decision 48).
  it('leaves what the per-transfer advance leaves once the cancellation window closed first', async () => {
    const pairs: [ConfirmedTransfer, ConfirmedTransfer][] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) pairs.push(await clearedPair());
    // A still clock records each change a millisecond after the one before: a minute more.
    clock.advance(CANCELLATION_WINDOW_MS + 60_000);
    for (const transfer of pairs.flat()) {
      expect(await flow().windowClosing.close(transfer.transaction.id)).toBe(true);
    }
    // Converted and handed over after the window: the conversion records its own entries, the
    // hand-over posts nothing more.
    for (const from of ADVANCING) {
      const done = await flow().advanceMany(
        pairs.map(([copy]) => jobOf(copy.transaction.id, from)),
      );
      expect(done.size).toBe(PAIRS);
      for (const [, twin] of pairs) await alone(jobOf(twin.transaction.id, from));
    }
    for (const [copy, twin] of pairs) {
      expect(await stateOf(copy.transaction.id)).toBe('SENDING-FOR-PAYOUT');
      expect(await footprint(file, copy)).toEqual(await footprint(file, twin));
    }
  });
});
