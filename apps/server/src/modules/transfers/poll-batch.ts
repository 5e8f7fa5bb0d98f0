import type { TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { PartnerStatus, TransferPayoutChanges, TransferPayoutRow } from '../payouts/index.ts';
import { knowFacts } from './batch-facts.ts';
import { figuresOf, type FlowDeps } from './flow-deps.ts';
import { pollPayoutJob } from './flow-jobs.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import {
  firstOfEach,
  lookUpMany,
  PARTNER_CALLS_SIDE_BY_SIDE,
  sideBySide,
  runPayoutBatch,
  type PayoutJob,
} from './payout-batches.ts';
import { isPolled, type Payee, type PayoutPolling } from './payout-polling.ts';
import { changesForPartnerStatus, type PlannedChange } from './payout-progress.ts';
import { IllegalTransitionError, transition } from './transaction-states.ts';
import { applyLedgerBatch } from './ledger-writes.ts';
import { payoutPaidEntries } from './transfer-entries.ts';

interface Answered {
  job: PayoutJob;
  payee: Payee;
  reference: string;
  status: PartnerStatus;
}

interface Moving {
  locked: LockedTransfer;
  payout: TransferPayoutRow;
  changes: PlannedChange[];
  status: PartnerStatus;
}

/** The changes a batch writes set-based; a failure or reversal (a refund) is written as alone. */
const SET_BASED: readonly TransactionStateCode[] = ['SENT-FOR-PAYOUT', 'PAYOUT-SUCCESS'];

/**
 * The poll jobs of a fetch as one batch (docs/decisions/0043-batched-steps.md), as `poll`
 * (payout-polling.ts) polls each: the transfers, payouts and recipients read in three
 * statements; the partner asked where each payout stands OUTSIDE any transaction, side by side;
 * then ONE transaction: the transfers and payouts locked (one statement each, id order), each
 * transfer's changes decided by `changesForPartnerStatus` as alone, written in rounds (the
 * first change of each transfer in one statement, then the second: a late poll catching up),
 * the emails' addresses and languages read once, the payouts in one statement per kind of
 * change, the paid entries through `recordMany`, the next polls in one. A failure or reversal
 * (PAYOUT-FAILED or PAYOUT-REVERSED, with their refunds) is written as alone in the same
 * transaction (rare). If the transaction fails, each answer is written alone with the answer in
 * hand. What runs alone, through `poll`: a transfer or recipient missing, a second job of one
 * transfer, a partner's call that threw, a change the state machine refuses.
 */
export function createPollBatch(deps: FlowDeps, polling: PayoutPolling) {
  async function ask(jobs: readonly PayoutJob[]) {
    const done = new Set<string>();
    const first = firstOfEach(jobs);
    const seen = await lookUpMany(
      deps,
      first.map((job) => job.transactionId),
    );
    const asking: {
      job: PayoutJob;
      payee: Payee;
      payout: Parameters<typeof polling.submittedOf>[1];
    }[] = [];
    for (const job of first) {
      const found = seen.get(job.transactionId);
      if (!found) continue;
      const { payout } = found;
      if (!isPolled(payout)) {
        done.add(job.id);
        continue;
      }
      if (!found.recipient) continue;
      asking.push({ job, payee: { row: found.row, recipient: found.recipient }, payout });
    }
    const now = deps.clock.now();
    const answers = await sideBySide(
      asking,
      PARTNER_CALLS_SIDE_BY_SIDE,
      async ({ job, payee, payout }): Promise<Answered | null> => {
        try {
          const submitted = polling.submittedOf(await polling.requestOf(payee, payout), payout);
          const status = await deps.partner.status(submitted, now);
          return { job, payee, reference: payout.partner_reference, status };
        } catch (error) {
          deps.log.warn(
            { err: error, transactionId: job.transactionId },
            'the payout partner did not answer a poll: its job runs alone',
          );
          return null;
        }
      },
    );
    return { done, answered: answers.filter((one): one is Answered => one !== null) };
  }

  /** Whether the state machine takes the changes in turn (else the job runs alone). */
  function allowed(locked: LockedTransfer, changes: readonly PlannedChange[]): boolean {
    let history = locked.history;
    try {
      for (const change of changes) {
        const at = new Date(deps.clock.now().getTime() + history.length);
        history = [...history, transition(history, { ...change, at })];
      }
      return true;
    } catch (error) {
      if (error instanceof IllegalTransitionError) return false;
      throw error;
    }
  }

  /** Each transfer's changes, the rare ones written as alone: the jobs written, and the rest. */
  async function decide(tx: Tx, answered: readonly Answered[]) {
    const ids = answered.map(({ job }) => job.transactionId);
    const held = await deps.transfers.lockManyWithHistory(tx, ids);
    const payouts = await deps.payouts.lockMany(tx, ids);
    const written = new Set<string>();
    const moving: Moving[] = [];
    for (const { job, payee, reference, status } of answered) {
      const locked = held.get(job.transactionId);
      if (!locked) continue;
      const payout = payouts.get(job.transactionId);
      // Another attempt's payout, or none: nothing, as alone.
      if (!payout || payout.partner_reference !== reference) {
        written.add(job.id);
        continue;
      }
      const changes = changesForPartnerStatus(locked.row.state as TransactionStateCode, status);
      if (!allowed(locked, changes)) continue;
      written.add(job.id);
      if (changes.every((change) => SET_BASED.includes(change.to))) {
        // The emails name the recipient the partner was just asked about: not read again.
        locked.known.recipient = Promise.resolve(payee.recipient);
        moving.push({ locked, payout, changes, status });
      } else {
        await polling.recordStatus(tx, locked, payout, reference, status, payee);
      }
    }
    return { written, moving };
  }

  async function write(tx: Tx, answered: readonly Answered[]): Promise<Set<string>> {
    const { written, moving } = await decide(tx, answered);
    const now = deps.clock.now();
    const paying = moving.filter(({ changes }) => changes.some((c) => c.to === 'PAYOUT-SUCCESS'));
    // Only PAYOUT-SUCCESS of these changes sends an email (transfer-mail.ts).
    await knowFacts(
      deps,
      tx,
      paying.map(({ locked }) => locked),
      { recipients: false },
    );
    const rounds = moving.reduce(
      (most, { changes }) => (changes.length > most ? changes.length : most),
      0,
    );
    for (let round = 0; round < rounds; round += 1) {
      // One change a transfer a statement: the update sets each transfer's state once.
      await deps.transitionMany(
        tx,
        moving.flatMap(({ locked, changes }) => {
          const change = changes[round];
          return change ? [{ locked, change: { transactionId: locked.row.id, ...change } }] : [];
        }),
      );
    }
    await deps.payouts.updateMany(
      tx,
      moving.flatMap(({ payout, changes }) => {
        const last = changes.at(-1);
        if (!last) return [];
        const paid: TransferPayoutChanges = { state: 'paid', paid_at: now };
        return [
          { id: payout.id, changes: last.to === 'PAYOUT-SUCCESS' ? paid : { state: 'sent' } },
        ];
      }),
      now,
    );
    // Settlements only (transit → partner, posted): no customer's account is debited, so one
    // round whatever the senders (applyLedgerRounds is for entries that debit them).
    if (paying.length > 0) {
      await applyLedgerBatch(
        deps.ledger,
        tx,
        paying.flatMap(({ locked, payout }) =>
          payoutPaidEntries(figuresOf(locked.row), payout.attempts),
        ),
      );
    }
    const next = moving.flatMap(({ locked, status }) =>
      status.checkAgainAt
        ? [
            {
              data: { transaction_id: locked.row.id },
              options: { runAt: status.checkAgainAt, singletonKey: locked.row.id },
            },
          ]
        : [],
    );
    await deps.jobs.sendMany(pollPayoutJob, next, tx);
    if (next.length > 0) deps.uow.afterCommit(tx, async () => deps.jobs.kick());
    return written;
  }

  return runPayoutBatch(deps, {
    ask,
    write,
    writeOne: (tx, locked, payout, one) =>
      polling.recordStatus(tx, locked, payout, one.reference, one.status, one.payee),
    failedEvent: 'transfers.poll_batch_failed',
    failedWhat: 'a batch of payout polls failed',
  });
}

export type PollMany = ReturnType<typeof createPollBatch>;
