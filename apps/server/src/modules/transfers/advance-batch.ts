import type { HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import type { SendOptions } from '../../jobs/index.ts';
import { advanceJobFrom, submitPayoutJob, type AdvanceData } from './flow-jobs.ts';
import { figuresOf, type FlowDeps } from './flow-deps.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import { ADVANCING, HOLD_CAUSES } from './payout-runner.ts';
import { nextAfterClearanceMany, type ClearanceDecision } from './payout-progress.ts';
import {
  HOLD_REASONS,
  IllegalTransitionError,
  transition,
  type TransitionCause,
} from './transaction-states.ts';
import { windowOpen } from './cancellation-window.ts';
import { applyLedgerBatch } from './ledger-writes.ts';
import {
  convertedEntries,
  payoutSubmittedEntries,
  windowClosedEntries,
  type LedgerOperation,
} from './transfer-entries.ts';
import type { TransferChanged } from './transfer-transitions.ts';
import type { TransactionRow } from './transfers.repository.ts';
import { createWindowClosing } from './window-closing.ts';

/** An advance job as the batch takes it. */
export interface AdvanceJob {
  id: string;
  transactionId: string;
  from: TransactionStateCode;
}

interface Move {
  jobId: string;
  locked: LockedTransfer;
  change: { to: TransactionStateCode; cause: TransitionCause; holdReason?: HoldReasonCode };
}

/** A transfer locked in the batch's transaction, and the step it is due to move on from. */
interface Due {
  job: AdvanceJob;
  locked: LockedTransfer;
}

/**
 * The advance jobs of a fetch in ONE transaction of set-based statements
 * (docs/decisions/0043-batched-steps.md): the transfers locked with their timelines in one
 * statement (id order); each one's change decided as the runner's `advance` decides it (the same
 * pure state machine and clearance checks); the states and timeline records, the ledger's
 * entries and balances, the payouts, the events and emails, and the next jobs written in one
 * statement each. Answers the ids of the jobs done: a transfer found elsewhere than its job says
 * is done (as `advance` leaves it). A transfer whose change is refused (an illegal transition, a
 * payout handed over before, a second job of it in the batch, a transfer missing) is left to run
 * alone through `advance`, and so is every job when the batch throws (it rolled back whole).
 */
export function createAdvanceBatch(deps: FlowDeps) {
  const moving = createMoves(deps);

  /** The transfers locked, the jobs done as they stand, and the transfers still due. */
  async function lockDue(tx: Tx, jobs: readonly AdvanceJob[]) {
    const first = new Map<string, AdvanceJob>();
    for (const job of jobs) if (!first.has(job.transactionId)) first.set(job.transactionId, job);
    const held = await deps.transfers.lockManyWithHistory(tx, [...first.keys()]);
    const done = new Set<string>();
    const due: Due[] = [];
    for (const job of first.values()) {
      const locked = held.get(job.transactionId);
      if (!locked) continue;
      if (locked.row.state !== job.from || !ADVANCING.includes(job.from)) {
        done.add(job.id);
        continue;
      }
      due.push({ job, locked });
    }
    return { done, due };
  }

  return async function advanceMany(jobs: readonly AdvanceJob[]): Promise<Set<string>> {
    return deps.uow.run((tx) =>
      deps.outbox.gather(tx, async () => {
        const { done, due } = await lockDue(tx, jobs);
        const moves = await moving.decide(tx, due);
        await moving.write(tx, moves);
        for (const { jobId } of moves) done.add(jobId);
        return done;
      }),
    );
  };
}

export type AdvanceMany = ReturnType<typeof createAdvanceBatch>;

/**
 * The decision after clearance in the settlement's own transaction
 * (docs/decisions/0071-clearance-decided-with-the-settlement.md): the transfers the settlement
 * has just made PAYMENT-CLEARED, still locked, converted or held at once, as the advance from
 * PAYMENT-CLEARED would, with no job between. Answers the ids of the transfers moved; one whose
 * change is refused is the caller's to send that advance for, as before.
 */
export function createClearanceBatch(deps: FlowDeps) {
  const moving = createMoves(deps);
  return async function clearMany(
    tx: Tx,
    cleared: readonly LockedTransfer[],
  ): Promise<Set<string>> {
    const moves = await moving.decide(
      tx,
      cleared.map((locked) => ({
        job: { id: locked.row.id, transactionId: locked.row.id, from: 'PAYMENT-CLEARED' },
        locked,
      })),
    );
    await moving.write(tx, moves);
    return new Set(moves.map(({ locked }) => locked.row.id));
  };
}

/** Deciding and writing the moves of transfers locked in `tx`, for both batches above. */
function createMoves(deps: FlowDeps) {
  const windowClosing = createWindowClosing(deps);
  const after = (ms: number) => new Date(deps.clock.now().getTime() + ms);

  /** The change `advance` would make, or null when the transfer must run alone. */
  function changeOf(
    locked: LockedTransfer,
    from: TransactionStateCode,
    decision: ClearanceDecision | undefined,
  ) {
    let change: Move['change'];
    if (from === 'PAYMENT-CLEARED') {
      if (!decision) throw new Error(`transaction ${locked.row.id}: no clearance decision`);
      change =
        decision.next === 'convert'
          ? { to: 'CONVERTING-FOREX', cause: 'conversion-started' }
          : {
              to: HOLD_REASONS[decision.reason].state,
              cause: HOLD_CAUSES[decision.reason],
              holdReason: decision.reason,
            };
    } else if (from === 'CONVERTING-FOREX') {
      change = { to: 'AVAILABLE-FOR-PAYOUT', cause: 'converted' };
    } else {
      // A payout handed over before (a retry of a failed one) is updated in place: alone.
      if (locked.history.some((record) => record.state === 'SENDING-FOR-PAYOUT')) return null;
      change = { to: 'SENDING-FOR-PAYOUT', cause: 'sending-for-payout' };
    }
    try {
      transition(locked.history, { ...change, at: deps.clock.now() });
    } catch (error) {
      if (error instanceof IllegalTransitionError) return null;
      throw error;
    }
    return change;
  }

  /** The changes the due transfers make; one refused is left out (it runs alone). */
  async function decide(tx: Tx, due: readonly Due[]): Promise<Move[]> {
    // The clearances' checks for the whole batch at once (a few statements, not a few each).
    const clearing = due.filter(({ job }) => job.from === 'PAYMENT-CLEARED');
    const decisions = await nextAfterClearanceMany(
      tx,
      clearing.map(({ locked }) => ({
        transactionId: locked.row.id,
        customerId: locked.row.customer_id,
      })),
      deps.clearanceChecks,
    );
    const decisionOf = new Map(clearing.map(({ job }, index) => [job.id, decisions[index]]));
    const moves: Move[] = [];
    for (const { job, locked } of due) {
      const change = changeOf(locked, job.from, decisionOf.get(job.id));
      if (change) moves.push({ jobId: job.id, locked, change });
    }
    return moves;
  }

  /**
   * The changes' entries, payouts and next jobs, one statement each, as `advance` makes them
   * (decision 48): `windowWasOpen`, the transfers whose cancellation window was open before.
   */
  async function followUp(
    tx: Tx,
    changed: readonly TransferChanged[],
    windowWasOpen: ReadonlySet<string>,
  ): Promise<void> {
    const now = deps.clock.now();
    const operations: LedgerOperation[] = [];
    const advances: { data: AdvanceData; options: SendOptions }[] = [];
    const handedOver: TransactionRow[] = [];
    const windowsClosed: string[] = [];
    for (const { transaction, record } of changed) {
      const figures = figuresOf(transaction);
      const wasOpen = windowWasOpen.has(transaction.id);
      if (record.state === 'AVAILABLE-FOR-PAYOUT' && !wasOpen) {
        operations.push(...convertedEntries(figures));
      }
      if (record.state === 'SENDING-FOR-PAYOUT') {
        if (wasOpen) {
          operations.push(...windowClosedEntries(figures, true));
          windowsClosed.push(transaction.id);
        }
        operations.push(...payoutSubmittedEntries(figures, 1));
        handedOver.push(transaction);
      }
      if (record.state === 'CONVERTING-FOREX' || record.state === 'AVAILABLE-FOR-PAYOUT') {
        advances.push({
          data: { transaction_id: transaction.id, from: record.state },
          options: {
            runAt: after(deps.timing.stepMs),
            singletonKey: `${transaction.id}:${record.state}`,
          },
        });
      }
    }
    await applyLedgerBatch(deps.ledger, tx, operations);
    await windowClosing.withdrawMany(tx, windowsClosed);
    await deps.payouts.insertMany(
      tx,
      handedOver.map((row) => ({
        id: deps.random.uuid(),
        transactionId: row.id,
        partnerCode: figuresOf(row).partnerCode,
        at: now,
      })),
    );
    // Each next move to its own kind (flow-jobs.ts): a batch fetched from one kind makes one.
    for (const from of new Set(advances.map(({ data }) => data.from))) {
      const ofKind = advances.filter(({ data }) => data.from === from);
      await deps.jobs.sendMany(advanceJobFrom(from), ofKind, tx);
    }
    await deps.jobs.sendMany(
      submitPayoutJob,
      handedOver.map((row) => ({
        data: { transaction_id: row.id, attempt: 1 },
        options: { runAt: now, singletonKey: `${row.id}:1` },
      })),
      tx,
    );
    if (advances.length > 0 || handedOver.length > 0) {
      deps.uow.afterCommit(tx, async () => deps.jobs.kick());
    }
  }

  /** The moves written: the states, then what follows from them. */
  async function write(tx: Tx, moves: readonly Move[]): Promise<void> {
    const windowWasOpen = new Set(
      moves.filter(({ locked }) => windowOpen(locked.row)).map(({ locked }) => locked.row.id),
    );
    const changed = await deps.transitionMany(
      tx,
      moves.map(({ locked, change }) => ({
        locked,
        change: { transactionId: locked.row.id, ...change },
      })),
    );
    await followUp(tx, changed, windowWasOpen);
  }

  return { decide, write };
}
