import type { HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import { advanceJobFrom, submitPayoutJob } from './flow-jobs.ts';
import { figuresOf, lockTransfer, recordEntries, scheduleJob, type FlowDeps } from './flow-deps.ts';
import { nextAfterClearance } from './payout-progress.ts';
import { HOLD_REASONS, type TransitionCause } from './transaction-states.ts';
import { windowOpen } from './cancellation-window.ts';
import {
  convertedEntries,
  payoutSubmittedEntries,
  windowClosedEntries,
} from './transfer-entries.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { TransactionRow } from './transfers.repository.ts';
import { createWindowClosing } from './window-closing.ts';

/**
 * The paid transfer's way to its payout (docs/sandbox-providers.md#payouts): PAYMENT-CLEARED →
 * (a hold, or) CONVERTING-FOREX → AVAILABLE-FOR-PAYOUT → SENDING-FOR-PAYOUT, one use case per
 * step (the state change, its entries and the next job commit together), PAYOUT_SANDBOX_STEP_SECONDS
 * apart. Each job names the state it moves on from; a transfer found elsewhere (a repeated job,
 * an operator's hold or cancel) is left alone.
 */

/** The states the advance job moves on from. */
export const ADVANCING: readonly TransactionStateCode[] = [
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
];

/** The cause that enters a hold from PAYMENT-CLEARED, by the hold's reason. */
export const HOLD_CAUSES: Record<HoldReasonCode, TransitionCause> = {
  'DOCUMENT-OWED': 'document-required',
  'DOCUMENT-REJECTED': 'document-required',
  'DOCUMENT-BEING-CHECKED': 'review-required',
  'COMPLIANCE-REVIEW': 'review-required',
  'OPERATOR-HOLD': 'held-by-operator',
};

export function createPayoutRunner(deps: FlowDeps) {
  const windowClosing = createWindowClosing(deps);
  const after = (ms: number) => new Date(deps.clock.now().getTime() + ms);

  async function advanceLater(
    tx: Tx,
    transactionId: string,
    from: TransactionStateCode,
    ms: number,
  ) {
    await scheduleJob(
      deps,
      tx,
      advanceJobFrom(from),
      { transaction_id: transactionId, from },
      {
        runAt: after(ms),
        key: `${transactionId}:${from}`,
      },
    );
  }

  /**
   * Enters CONVERTING-FOREX by `cause` and schedules the conversion (no entry: the fee is taken
   * when the cancellation window closes, decision 48). From PAYMENT-CLEARED, and from a hold when
   * it is cleared (`document-accepted`, `review-passed`: the documents step calls this).
   */
  async function startConversion(
    tx: Tx,
    transactionId: string,
    cause: Extract<TransitionCause, 'conversion-started' | 'document-accepted' | 'review-passed'>,
    held?: LockedTransfer,
  ): Promise<void> {
    await deps.transitionTransfer(tx, { transactionId, to: 'CONVERTING-FOREX', cause }, held);
    await advanceLater(tx, transactionId, 'CONVERTING-FOREX', deps.timing.stepMs);
  }

  async function afterClearance(tx: Tx, locked: LockedTransfer): Promise<void> {
    const { row } = locked;
    const decision = await nextAfterClearance(
      tx,
      { transactionId: row.id, customerId: row.customer_id },
      deps.clearanceChecks,
    );
    if (decision.next === 'convert') {
      return startConversion(tx, row.id, 'conversion-started', locked);
    }
    await deps.transitionTransfer(
      tx,
      {
        transactionId: row.id,
        to: HOLD_REASONS[decision.reason].state,
        cause: HOLD_CAUSES[decision.reason],
        holdReason: decision.reason,
      },
      locked,
    );
  }

  async function convert(tx: Tx, locked: LockedTransfer): Promise<void> {
    const transactionId = locked.row.id;
    await deps.transitionTransfer(
      tx,
      { transactionId, to: 'AVAILABLE-FOR-PAYOUT', cause: 'converted' },
      locked,
    );
    // Within the window the conversion's entries wait for transfer-paid to be posted.
    if (!windowOpen(locked.row))
      await recordEntries(deps, tx, convertedEntries(figuresOf(locked.row)));
    await advanceLater(tx, transactionId, 'AVAILABLE-FOR-PAYOUT', deps.timing.stepMs);
  }

  /**
   * SENDING-FOR-PAYOUT: the payout row (a new attempt if one failed before: a retry of a failed
   * payout, not made today, as a failure is refunded at once), its pending entry, the hand-over.
   * A hand-over within the cancellation window closes it: transfer-paid posted and the entries
   * that waited for it recorded first (decision 48).
   */
  async function handOver(tx: Tx, locked: LockedTransfer, cause: TransitionCause): Promise<void> {
    const { row } = locked;
    // A payout row exists only once the transfer has been handed over (the row is written with
    // that change): a first hand-over has none to look for.
    const handedBefore = locked.history.some((record) => record.state === 'SENDING-FOR-PAYOUT');
    const closesWindow = windowOpen(row);
    await deps.transitionTransfer(
      tx,
      { transactionId: row.id, to: 'SENDING-FOR-PAYOUT', cause },
      locked,
    );
    const now = deps.clock.now();
    const existing = handedBefore ? await deps.payouts.lock(tx, row.id) : undefined;
    const payout = existing
      ? await deps.payouts.update(
          tx,
          existing.id,
          {
            state: 'pending',
            attempts: existing.attempts + 1,
            partner_reference: null,
            collection_pin: null,
            sent_at: null,
          },
          now,
        )
      : await deps.payouts.insert(tx, {
          id: deps.random.uuid(),
          transactionId: row.id,
          partnerCode: figuresOf(row).partnerCode,
          at: now,
        });
    await recordEntries(deps, tx, [
      ...(closesWindow ? windowClosedEntries(figuresOf(row), true) : []),
      ...payoutSubmittedEntries(figuresOf(row), payout.attempts),
    ]);
    if (closesWindow) await windowClosing.withdrawMany(tx, [row.id]);
    await scheduleJob(
      deps,
      tx,
      submitPayoutJob,
      { transaction_id: row.id, attempt: payout.attempts },
      {
        runAt: now,
        key: `${row.id}:${payout.attempts}`,
      },
    );
  }

  return {
    startConversion,

    /**
     * Schedules the step a transfer's state waits for, at once (after an operator's release: the
     * step's job found it ON-HOLD and did nothing). False when its state has no such step.
     */
    async resumeStep(tx: Tx, row: TransactionRow): Promise<boolean> {
      const state = row.state as TransactionStateCode;
      if (!ADVANCING.includes(state)) return false;
      await advanceLater(tx, row.id, state, 0);
      return true;
    },

    /** The advance job: one step on from `from`, if the transfer is still there. */
    async advance(transactionId: string, from: TransactionStateCode): Promise<void> {
      await deps.uow.run(async (tx) => {
        const locked = await lockTransfer(deps, tx, transactionId);
        if (locked.row.state !== from) return;
        if (from === 'PAYMENT-CLEARED') await afterClearance(tx, locked);
        else if (from === 'CONVERTING-FOREX') await convert(tx, locked);
        else if (from === 'AVAILABLE-FOR-PAYOUT') {
          await handOver(tx, locked, 'sending-for-payout');
        }
      });
    },

    /**
     * After the payment cleared: whether the transfer converts or is held, decided in the
     * settlement's own transaction (decision 71), `locked` the transfer it holds.
     */
    afterPaymentCleared: (tx: Tx, locked: LockedTransfer) => afterClearance(tx, locked),

    /**
     * The next step from `from`, at once: after an operator's release, whose transfer's step
     * found it held and left it (the advance job names the state it moves on from).
     */
    resumeFrom: (tx: Tx, transactionId: string, from: TransactionStateCode) =>
      advanceLater(tx, transactionId, from, 0),
  };
}

export type PayoutRunner = ReturnType<typeof createPayoutRunner>;
