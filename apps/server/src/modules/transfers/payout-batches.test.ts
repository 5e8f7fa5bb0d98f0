import { apiPaths, type TransactionStateCode } from '@corridor/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../jobs/scheduled-jobs.schema.ts';
import { cryptoRandom } from '../../lib/random.ts';
import { appPerFile } from '../../test/app-per-file.ts';
import { SECOND } from '../../test/clock.ts';
// Test code: a transfer made to go to a partner that refuses it (no such quote exists).
import { payoutCompanyId } from '../payouts/payout-reference-data.ts';
import { footprint, secondAssembly, StillClock, type SecondAssembly } from './batch-test-kit.ts';
import {
  accountEndingIn,
  confirmedFrom,
  readyPayer,
  STEP_SECONDS,
  type ConfirmedTransfer,
  type Payee,
  type Payer,
} from './flow-test-kit.ts';
import { pollPayoutJob } from './flow-jobs.ts';
import { transactions } from './transfers.schema.ts';

/**
 * The batched hand-over and poll (submit-batch.ts, poll-batch.ts; docs/decisions/0043-batched-steps.md)
 * give what the per-transfer `submit` and `poll` give: random batches of their jobs (current,
 * stale and repeated ones, the clock moved a step between some) run through `submitMany` and
 * `pollMany` (what they leave, alone, as the worker does) on one copy of each transfer, and one by
 * one on its twin; then each pair's transfer, timeline, ledger, payout, outbox messages and next
 * jobs are compared (batch-test-kit.ts). The pairs cover every end the sandbox partner gives: paid,
 * failed (test account 0001), paid then reversed (0003), cash pickup (a PIN), and refused at
 * hand-over. The batches' statements are counted for 20 transfers.
 */
const clock = new StillClock();
const file = appPerFile({ clock, startJobs: false, movesMoney: true });
let assembly: SecondAssembly;

const ENDS = ['paid', 'failed', 'reversed', 'pickup', 'refused'] as const;
type End = (typeof ENDS)[number];
const PAYEES: Record<Exclude<End, 'refused'>, Payee> = {
  paid: { method: 'BANK-ACCOUNT', account: accountEndingIn('4242') },
  failed: { method: 'BANK-ACCOUNT', account: accountEndingIn('0001') },
  reversed: { method: 'BANK-ACCOUNT', account: accountEndingIn('0003') },
  pickup: { method: 'CASH-PICKUP' },
};
/** Each end's two senders: the batch's copy and the twin. */
const payers = new Map<Exclude<End, 'refused'>, [Payer, Payer]>();
let amounts = 20;

beforeAll(async () => {
  assembly = await secondAssembly(file, clock);
  const documents = ['POI', 'POA', 'SOF'] as const;
  for (const [end, payee] of Object.entries(PAYEES) as [Exclude<End, 'refused'>, Payee][]) {
    payers.set(end, [
      await readyPayer(file, clock, { payee, documents }),
      await readyPayer(file, clock, { payee, documents }),
    ]);
  }
});
afterAll(async () => {
  await assembly.close();
});

const flow = () => assembly.modules.transfers.flow;

/** The payer's transfer, handed over: SENDING-FOR-PAYOUT, its hand-over job waiting. */
async function handedOver(payer: Payer, amount: string, refused: boolean) {
  const transfer = await confirmedFrom(payer, amount);
  if (refused) {
    // A cash pickup given to a bank network: the partner refuses it at hand-over.
    await file.database.db
      .update(transactions)
      .set({ payout_company_id: payoutCompanyId('LODESTAR_BANK_NETWORK') })
      .where(eq(transactions.id, transfer.transaction.id));
  }
  const paid = await transfer.browser.post(apiPaths.paymentSent(transfer.paymentId), {});
  expect(paid.statusCode, paid.body).toBe(200);
  await flow().settlement.settleTransfer(transfer.transaction.id, 'operator');
  const from: TransactionStateCode[] = [
    'PAYMENT-CLEARED',
    'CONVERTING-FOREX',
    'AVAILABLE-FOR-PAYOUT',
  ];
  for (const state of from) await flow().runner.advance(transfer.transaction.id, state);
  expect(await stateOf(transfer.transaction.id)).toBe('SENDING-FOR-PAYOUT');
  return transfer;
}

async function handedOverPair(end: End): Promise<[ConfirmedTransfer, ConfirmedTransfer]> {
  amounts += 1;
  const [copy, twin] = payers.get(end === 'refused' ? 'pickup' : end) as [Payer, Payer];
  const refused = end === 'refused';
  return [
    await handedOver(copy, String(amounts), refused),
    await handedOver(twin, String(amounts), refused),
  ];
}

async function stateOf(transactionId: string): Promise<TransactionStateCode> {
  const [row] = await file.database.db
    .select({ state: transactions.state })
    .from(transactions)
    .where(eq(transactions.id, transactionId));
  return row?.state as TransactionStateCode;
}

type Kind = 'submit' | 'stale-submit' | 'poll';
const jobOf = (transactionId: string, kind: Kind) => ({
  id: cryptoRandom.uuid(),
  transactionId,
  attempt: kind === 'stale-submit' ? 2 : 1,
});

/** Runs a job alone, as the worker does (its failure is its own). */
async function alone(kind: Kind, job: ReturnType<typeof jobOf>) {
  const run =
    kind === 'poll'
      ? flow().polling.poll(job.transactionId)
      : flow().polling.submit(job.transactionId, job.attempt);
  await run.catch(() => undefined);
}

/** A fetch of one kind through its batch, then what it left alone. */
async function batch(kind: Kind, jobs: ReturnType<typeof jobOf>[]): Promise<number> {
  const done = await (kind === 'poll' ? flow().pollMany(jobs) : flow().submitMany(jobs)).catch(
    () => new Set<string>(),
  );
  for (const job of jobs) if (!done.has(job.id)) await alone(kind, job);
  return done.size;
}

describe('the batched hand-over and poll', () => {
  it('leave what the per-transfer hand-over and poll leave, for random batches', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            pair: fc.nat(ENDS.length - 1),
            kind: fc.constantFrom<Kind>('submit', 'poll', 'poll', 'poll', 'stale-submit'),
          }),
          { minLength: 0, maxLength: 30 },
        ),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
        async (steps, sizes, ticks) => {
          const pairs: [ConfirmedTransfer, ConfirmedTransfer][] = [];
          for (const end of ENDS) pairs.push(await handedOverPair(end));
          let taken = 0;
          /** A fetch of one kind: through the batch on the copies, alone on the twins. */
          const fetch = async (kind: Kind, list: { pair: number; kind: Kind }[]) => {
            const pick = (side: 0 | 1) =>
              list.map((step) => {
                const transfer = (pairs[step.pair] as ConfirmedTransfer[])[side];
                return jobOf((transfer as ConfirmedTransfer).transaction.id, step.kind);
              });
            const took = await batch(kind, pick(0));
            taken += took;
            for (const job of pick(1)) await alone(kind, job);
            return took;
          };
          let next = 0;
          for (let index = 0; next < steps.length; index += 1) {
            const size = sizes[index % sizes.length] ?? 1;
            const chunk = steps.slice(next, next + size);
            next += size;
            // A fetch is of one kind: the chunk's hand-overs, then its polls.
            const submits = chunk.filter((step) => step.kind !== 'poll');
            if (submits.length > 0) await fetch('submit', submits);
            const polls = chunk.filter((step) => step.kind === 'poll');
            if (polls.length > 0) await fetch('poll', polls);
            // The partner moves a step on the clock between some fetches.
            if (ticks[index % ticks.length]) clock.advance(STEP_SECONDS * SECOND);
          }
          // Then every pair to its end: a hand-over of each (done already, or not), and a poll
          // of each a step apart (a first one may catch up two steps, a paid one is reversed).
          const all = (kind: Kind) => ENDS.map((_end, pair) => ({ pair, kind }));
          // The batch takes every one of them itself, a refusal, failure or reversal too: the
          // partner is asked once for each job.
          expect(await fetch('submit', all('submit'))).toBe(ENDS.length);
          for (let step = 0; step < 4; step += 1) {
            expect(await fetch('poll', all('poll'))).toBe(ENDS.length);
            clock.advance(STEP_SECONDS * SECOND);
          }
          expect(await Promise.all(pairs.map(([copy]) => stateOf(copy.transaction.id)))).toEqual([
            'PAYOUT-SUCCESS',
            'CANCELLED',
            'PAYOUT-REVERSED',
            'PAYOUT-SUCCESS',
            'CANCELLED',
          ]);
          // The batches took jobs themselves: the comparison is not of the fallback with itself.
          expect(taken).toBeGreaterThan(0);
          for (const [copy, twin] of pairs) {
            expect(await footprint(file, copy)).toEqual(await footprint(file, twin));
          }
        },
      ),
      // No shrinking: each run saves ten quotes, and shrinking would reach the customer's quote
      // limit (429) and report that instead of the failure.
      { numRuns: 3, endOnFailure: true },
    );
  });

  it('hands over 20 payouts and polls them to PAYOUT-SUCCESS in a handful of statements', async () => {
    const senders = [...payers.values()].flat();
    const transfers: ConfirmedTransfer[] = [];
    for (let n = 0; n < 20; n += 1) {
      amounts += 1;
      // The ordinary accounts' and the cash pickups' senders (paid out, not failed).
      const sender = [0, 1, 6, 7][n % 4] as number;
      transfers.push(await handedOver(senders[sender] as Payer, String(amounts), false));
    }
    const ids = transfers.map((transfer) => transfer.transaction.id);
    /** One batch's own statements: not BEGIN and COMMIT, nor the outbox's delivery. */
    const counted = async (work: () => Promise<Set<string>>) => {
      let done = new Set<string>();
      const sent = (
        await file.statements.during(async () => {
          done = await work();
        })
      ).filter(
        (text) =>
          !/^(begin|commit)$/i.test(text.trim()) &&
          !(/"outbox_messages"/.test(text) && !/^insert into "outbox_messages"/.test(text)),
      );
      expect(done.size).toBe(20);
      return sent;
    };
    const jobs = () => ids.map((id) => jobOf(id, 'submit'));
    // The transfers, payouts and recipients read; the transfers and payouts locked; the payouts
    // accepted; the first polls sent (and the scheduled ones they replace looked for): 8.
    const submitted = await counted(() => flow().submitMany(jobs()));
    expect(submitted.length, submitted.join('\n')).toBeLessThanOrEqual(8);
    // The first polls wait for the partner's first step, when the payouts can have moved: none
    // is spent on a payout just accepted.
    const firstPolls = await file.database.db
      .select({ runAt: scheduledJobs.run_at })
      .from(scheduledJobs)
      .where(
        and(eq(scheduledJobs.name, pollPayoutJob.name), inArray(scheduledJobs.singleton_key, ids)),
      );
    const firstStep = new Date(clock.now().getTime() + STEP_SECONDS * SECOND);
    expect(firstPolls).toEqual(ids.map(() => ({ runAt: firstStep })));
    clock.advance(STEP_SECONDS * SECOND);
    // The three reads and two locks; SENT-FOR-PAYOUT and its events; the payouts; the next
    // polls: 9.
    const sent = await counted(() => flow().pollMany(jobs()));
    expect(sent.length, sent.join('\n')).toBeLessThanOrEqual(9);
    clock.advance(STEP_SECONDS * SECOND);
    // The same, and the emails' addresses and languages (one read each), and the paid entries
    // (the settlements and the balances): 12.
    const paidOut = await counted(() => flow().pollMany(jobs()));
    expect(paidOut.length, paidOut.join('\n')).toBeLessThanOrEqual(12);
    for (const id of ids) expect(await stateOf(id)).toBe('PAYOUT-SUCCESS');
  });
});
