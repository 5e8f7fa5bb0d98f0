import { apiPaths } from '@corridor/contracts';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleItems } from '../../jobs/bundled-jobs.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { footprint, secondAssembly, StillClock, type SecondAssembly } from './batch-test-kit.ts';
import { confirmedFrom, readyPayer, type ConfirmedTransfer, type Payer } from './flow-test-kit.ts';
import { advanceConvertedJob } from './flow-jobs.ts';
import { transactions } from './transfers.schema.ts';

/**
 * The batched settlement (docs/decisions/0043-batched-steps.md) gives what the per-payment
 * settlement gives: random batches of the sandbox bank's jobs (current and repeated ones, of
 * payments the customer said it paid or not) run through `settleMany` (what it leaves, alone, as
 * the worker does) on one copy of each transfer, and one by one through `settleBankTransfer` on
 * its twin; then each pair's transfer, timeline, payment, ledger, outbox messages and next jobs
 * are compared (batch-test-kit.ts).
 */
const clock = new StillClock();
const file = appPerFile({ clock, startJobs: false, movesMoney: true });
let assembly: SecondAssembly;
let payers: [Payer, Payer];
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
const PAIRS = 3;

/** The payer's transfer, confirmed, and (`said`) the customer's "I've paid". */
async function paidTransfer(payer: Payer, amount: string, said: boolean) {
  const transfer = await confirmedFrom(payer, amount);
  if (said) {
    const paid = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return transfer;
}

async function paidPair(said: boolean): Promise<[ConfirmedTransfer, ConfirmedTransfer]> {
  amounts += 1;
  const amount = String(amounts);
  return [await paidTransfer(payers[0], amount, said), await paidTransfer(payers[1], amount, said)];
}

const jobOf = (paymentId: string) => ({ id: cryptoRandom.uuid(), paymentId });

/** Runs a job alone, as the worker does (its failure is its own). */
async function alone(job: { paymentId: string }) {
  await flow()
    .settlement.settleBankTransfer(job.paymentId, 'sandbox-bank')
    .catch(() => undefined);
}

describe('the batched settlement', () => {
  it('leaves what the per-payment settlement leaves, for random batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: PAIRS, maxLength: PAIRS }),
        fc.array(fc.nat(PAIRS - 1), { minLength: 2, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 6 }),
        async (said, steps, sizes) => {
          const pairs: [ConfirmedTransfer, ConfirmedTransfer][] = [];
          for (const one of said) pairs.push(await paidPair(one));
          let taken = 0;
          let next = 0;
          for (let index = 0; next < steps.length; index += 1) {
            const size = sizes[index % sizes.length] ?? 1;
            const batch = steps.slice(next, next + size);
            next += size;
            const jobs = batch.map((pair) => {
              const [batched, single] = pairs[pair] as [ConfirmedTransfer, ConfirmedTransfer];
              return { batched: jobOf(batched.paymentId), single: jobOf(single.paymentId) };
            });
            // A batch that throws rolled back whole: its jobs all run alone (job-workers.ts).
            const done = await flow()
              .settleMany(jobs.map((job) => job.batched))
              .catch(() => new Set<string>());
            taken += done.size;
            for (const { batched } of jobs) if (!done.has(batched.id)) await alone(batched);
            for (const { single } of jobs) await alone(single);
          }
          if (said.some(Boolean)) expect(taken).toBeGreaterThan(0);
          for (const [copy, twin] of pairs) {
            expect(await footprint(file, copy)).toEqual(await footprint(file, twin));
          }
        },
      ),
      { numRuns: 4 },
    );
  });

  it('settles a batch of 20 payments in a handful of statements', async () => {
    // Senders of their own (each customer may save only so many quotes an hour).
    const documents = ['POI', 'POA', 'SOF'] as const;
    const senders: Payer[] = [];
    for (let n = 0; n < 5; n += 1) senders.push(await readyPayer(file, clock, { documents }));
    const transfers: ConfirmedTransfer[] = [];
    for (let n = 0; n < 20; n += 1) {
      amounts += 1;
      transfers.push(await paidTransfer(senders[n % 5] as Payer, String(amounts), true));
    }
    const jobs = transfers.map((transfer) => jobOf(transfer.paymentId));
    let done = new Set<string>();
    const sent = (
      await file.statements.during(async () => {
        done = await flow().settleMany(jobs);
      })
    ).filter(
      (text) =>
        !/^(begin|commit)$/i.test(text.trim()) &&
        !(/"outbox_messages"/.test(text) && !/^insert into "outbox_messages"/.test(text)),
    );
    expect(done.size).toBe(20);
    // Converted at once in the same transaction (decision 71), the conversion's advance waiting
    // under its own kind, in one bundle; no advance from PAYMENT-CLEARED.
    const ids = new Set(transfers.map((transfer) => transfer.transaction.id));
    const states = await file.database.db
      .select({ state: transactions.state })
      .from(transactions)
      .where(inArray(transactions.id, [...ids]));
    expect(states.map(({ state }) => state)).toEqual(transfers.map(() => 'CONVERTING-FOREX'));
    const waiting = (await file.database.db.select().from(scheduledJobs)).flatMap((job) =>
      (bundleItems(job.data) ?? [job.data])
        // The advances (each names its `from`); not the windows' closes.
        .filter((item) => ids.has(String(item.transaction_id)) && 'from' in item)
        .map((item) => `${job.name} ${String(item.from)}`),
    );
    expect(waiting).toEqual(transfers.map(() => `${advanceConvertedJob.name} CONVERTING-FOREX`));
    // The payments found, the transfers and payments locked; the customers' addresses and
    // languages and the transfers' recipients, one read each for the batch (batch-facts.ts;
    // before, a language a customer and a recipient a transfer: 25 here); the payments' and the
    // transfers' states; the ledger's entries, settlements and balances (3 or 4 a round, a round
    // taking one transfer of each customer: 4 rounds here, 5 senders of 4 each); the decision
    // after clearance (decision 71: the customers' document locks and proofs of identity, then
    // CONVERTING-FOREX, 3, where it was a batch of its own); the next jobs; the outbox's
    // messages. 24 measured.
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(11 + 4 * 4);
  });
});
