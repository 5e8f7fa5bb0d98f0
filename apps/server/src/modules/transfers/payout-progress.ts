import type { HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { PartnerStatus } from '../payouts/index.ts';
import type { StateRecord, TransitionCause } from './transaction-states.ts';
import type { RefundProgress } from './transfer-entries.ts';

/**
 * Where a paid transfer goes next, as pure decisions (docs/sandbox-providers.md#payouts,
 * docs/decisions/0038-transaction-states.md): after its payment clears, and after each answer of
 * the payout partner. The payout runner (payout-runner.ts) carries them out.
 */

/** A change of state the runner makes, in order. */
export interface PlannedChange {
  to: TransactionStateCode;
  cause: TransitionCause;
}

/** What decides whether a cleared transfer may move on: facts gathered by the runner. */
export interface ClearanceFacts {
  transactionId: string;
  customerId: string;
}

/** Convert now, or hold the transfer with a reason (its hold state follows from the reason). */
export type ClearanceDecision = { next: 'convert' } | { next: 'hold'; reason: HoldReasonCode };

/**
 * A check that may hold a paid transfer (a proof of identity still being checked, a compliance
 * review): null when it does not hold it. It reads with the use case's executor `ex`.
 */
export type ClearanceCheck<Ex = Executor> = ((
  ex: Ex,
  facts: ClearanceFacts,
) => Promise<ClearanceDecision | null>) & {
  /**
   * The same check for a batch of transfers in a few statements (decision 43), answering each
   * in order; without it, a batch asks the check transfer by transfer.
   */
  many?: (ex: Ex, facts: readonly ClearanceFacts[]) => Promise<(ClearanceDecision | null)[]>;
};

/**
 * The one decision point after PAYMENT-CLEARED: every check that may hold a paid transfer answers
 * here, the first that holds winning. With none, the transfer converts.
 */
export async function nextAfterClearance<Ex>(
  ex: Ex,
  facts: ClearanceFacts,
  checks: readonly ClearanceCheck<Ex>[],
): Promise<ClearanceDecision> {
  for (const check of checks) {
    const decision = await check(ex, facts);
    if (decision) return decision;
  }
  return { next: 'convert' };
}

/**
 * `nextAfterClearance` for a batch of transfers (docs/decisions/0043-batched-steps.md): each
 * check asked once for the transfers it has not held yet (`many` when it has it), in the same
 * order, so each transfer gets the decision it would get alone.
 */
export async function nextAfterClearanceMany<Ex>(
  ex: Ex,
  facts: readonly ClearanceFacts[],
  checks: readonly ClearanceCheck<Ex>[],
): Promise<ClearanceDecision[]> {
  const decisions: (ClearanceDecision | null)[] = facts.map(() => null);
  for (const check of checks) {
    const open = facts.flatMap((fact, index) => (decisions[index] ? [] : [{ fact, index }]));
    if (open.length === 0) break;
    const answers = check.many
      ? await check.many(
          ex,
          open.map(({ fact }) => fact),
        )
      : await sequentially(open, ({ fact }) => check(ex, fact));
    open.forEach(({ index }, at) => {
      decisions[index] = answers[at] ?? null;
    });
  }
  return decisions.map((decision) => decision ?? { next: 'convert' });
}

async function sequentially<T, R>(items: readonly T[], work: (item: T) => Promise<R>) {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

/**
 * The changes that bring a handed-over transfer to where the partner says its payout stands
 * (a late poll may have to catch up two steps), or none when it is there already. A transfer no
 * longer in a payout state (cancelled, refunded) gets none.
 */
export function changesForPartnerStatus(
  current: TransactionStateCode,
  status: PartnerStatus,
): PlannedChange[] {
  const toSent: PlannedChange = { to: 'SENT-FOR-PAYOUT', cause: 'partner-accepted' };
  const toSuccess: PlannedChange = { to: 'PAYOUT-SUCCESS', cause: 'partner-confirmed' };
  const toReversed: PlannedChange = { to: 'PAYOUT-REVERSED', cause: 'reversed' };
  const toFailed: PlannedChange = { to: 'PAYOUT-FAILED', cause: 'partner-failed' };
  const path: Partial<Record<TransactionStateCode, PlannedChange[]>> = {
    'SENDING-FOR-PAYOUT': [toSent, toSuccess, toReversed],
    'SENT-FOR-PAYOUT': [toSuccess, toReversed],
    'PAYOUT-SUCCESS': [toReversed],
  };
  const ahead = path[current];
  if (!ahead) return [];
  switch (status.state) {
    case 'accepted':
      return [];
    case 'sent':
      return current === 'SENDING-FOR-PAYOUT' ? [toSent] : [];
    case 'paid':
      return ahead.filter((change) => change.to !== 'PAYOUT-REVERSED');
    case 'reversed':
      return ahead;
    case 'failed':
      // A failure ends a payout not yet paid; a paid one can only be reversed.
      return current === 'PAYOUT-SUCCESS' ? [] : [toFailed];
  }
}

/** How far a transfer's money went, read from its history (what a refund must reverse). */
export function refundProgressOf(history: readonly StateRecord[]): RefundProgress {
  return { converted: history.some((record) => record.state === 'AVAILABLE-FOR-PAYOUT') };
}
