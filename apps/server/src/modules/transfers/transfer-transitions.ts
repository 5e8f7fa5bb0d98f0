import type { HoldReasonCode, TransactionStateCode } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { CustomerService } from '../customers/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import {
  currentOf,
  transition,
  type StateRecord,
  type TransitionCause,
} from './transaction-states.ts';
import { windowAfter } from './cancellation-window.ts';
import type { LockedTransfer } from './locked-transfer.ts';
import type { TransferMail } from './transfer-mail.ts';
import type { TransactionRow, TransfersRepository } from './transfers.repository.ts';

export interface TransferTransitionDeps {
  repository: TransfersRepository;
  clock: Clock;
  random: RandomSource;
  events: Pick<RealtimeEvents, 'transactionStateUpdated'>;
  /** The customer resource shows the transfers' effects (pending documents, limits): evicted. */
  customers: Pick<CustomerService, 'profileChanged'>;
  /** The customer's email for a change that warrants one (transfer-mail.ts). */
  mail: TransferMail;
}

/** A transfer's change of state, as a use case asks for it. */
export interface TransferChange {
  transactionId: string;
  to: TransactionStateCode;
  cause: TransitionCause;
  /** Required when `to` is a hold (transaction-states.ts). */
  holdReason?: HoldReasonCode;
}

/** What a change leaves: the transfer as it now is, the record appended, and the one before. */
export interface TransferChanged {
  transaction: TransactionRow;
  record: StateRecord;
  previous: StateRecord;
  history: StateRecord[];
}

/**
 * THE way a transfer changes state (docs/product/sending-money.md#transaction-states), inside the
 * caller's transaction `tx` so the caller's ledger entries commit with it or not at all: locks the
 * transfer (FOR UPDATE) with its timeline in one read, or takes the one the use case holds, guards the change with `transition()` (an IllegalTransitionError
 * otherwise), sets the state and appends the timeline record (cause, hold reason and action),
 * puts TransactionStateUpdated in the outbox on `private-client-transaction.{id}` and the
 * customer's email when the change warrants one (transfer-mail.ts), and evicts the customer's
 * cached resource once `tx` commits. A use case that changes a payment too locks the
 * transfer first (this), then the payment.
 */
export function createTransferTransitions(deps: TransferTransitionDeps) {
  const { repository } = deps;
  return async function transitionTransfer(
    tx: Executor,
    change: TransferChange,
    held?: LockedTransfer,
  ): Promise<TransferChanged> {
    // A use case that holds the transfer already (locked with its history) passes it: the
    // change then reads nothing again, and keeps `held` current for the next.
    const locked = held ?? (await repository.lockWithHistory(tx, change.transactionId));
    if (!locked) throw new Error(`transaction ${change.transactionId} does not exist`);
    const { previous, record } = plannedRecord(deps.clock, locked, change);
    await repository.appendState(tx, {
      id: deps.random.uuid(),
      transactionId: locked.row.id,
      record,
      window: windowAfter(record),
    });
    return applied(deps, tx, locked, previous, record);
  };
}

export type TransitionTransfer = ReturnType<typeof createTransferTransitions>;

/**
 * Several transfers' changes at once (a batched step, docs/decisions/0043-batched-steps.md):
 * each guarded as `transitionTransfer` guards it (an IllegalTransitionError before anything is
 * written), every state and timeline record written in ONE statement, then each change's event,
 * email and eviction as `transitionTransfer` makes them (a caller gathers the outbox's messages
 * into one statement: Outbox.gather).
 */
export function createTransitionMany(deps: TransferTransitionDeps) {
  return async function transitionMany(
    tx: Executor,
    changes: readonly { change: TransferChange; locked: LockedTransfer }[],
  ): Promise<TransferChanged[]> {
    const planned = changes.map(({ change, locked }) => ({
      locked,
      ...plannedRecord(deps.clock, locked, change),
    }));
    await deps.repository.appendStates(
      tx,
      planned.map(({ locked, record }) => ({
        id: deps.random.uuid(),
        transactionId: locked.row.id,
        record,
        window: windowAfter(record),
      })),
    );
    const results: TransferChanged[] = [];
    for (const { locked, previous, record } of planned) {
      results.push(await applied(deps, tx, locked, previous, record));
    }
    return results;
  };
}

export type TransitionMany = ReturnType<typeof createTransitionMany>;

/**
 * A change planned before it is written: confirm writes its new transfer already in its state,
 * with its whole timeline, in one statement (transfers.repository.ts `insertWithTimeline`).
 * `plan` guards the change as `transitionTransfer` does (an IllegalTransitionError before
 * anything is written); once the caller has written it, `apply` makes its event, email and
 * eviction exactly as `transitionTransfer` does and keeps `locked` current.
 */
export function createTransitionPlanned(deps: TransferTransitionDeps) {
  return {
    plan: (locked: LockedTransfer, change: TransferChange) =>
      plannedRecord(deps.clock, locked, change),
    apply: (
      tx: Executor,
      locked: LockedTransfer,
      planned: { previous: StateRecord; record: StateRecord },
    ): Promise<TransferChanged> => applied(deps, tx, locked, planned.previous, planned.record),
  };
}

export type TransitionPlanned = ReturnType<typeof createTransitionPlanned>;

/** The record a change appends to the transfer `locked` holds (pure), and the one before it. */
function plannedRecord(
  clock: Clock,
  locked: LockedTransfer,
  change: TransferChange,
): { previous: StateRecord; record: StateRecord } {
  if (locked.row.id !== change.transactionId) {
    throw new Error(`transaction ${change.transactionId} is not the one held`);
  }
  const { history } = locked;
  const previous = currentOf(history);
  // The timeline is ordered by time: a change in the same millisecond as the one before it
  // (a frozen test clock, two steps of one use case) is recorded a millisecond after it.
  const now = clock.now();
  const at = now.getTime() > previous.at.getTime() ? now : new Date(previous.at.getTime() + 1);
  const record = transition(history, {
    to: change.to,
    cause: change.cause,
    at,
    ...(change.holdReason === undefined ? {} : { holdReason: change.holdReason }),
  });
  return { previous, record };
}

/**
 * After the record is written: `locked` kept current, the event and the email in the outbox,
 * the customer's cached resource evicted once `tx` commits.
 */
async function applied(
  deps: TransferTransitionDeps,
  tx: Executor,
  locked: LockedTransfer,
  previous: StateRecord,
  record: StateRecord,
): Promise<TransferChanged> {
  // The row as the update left it, without reading it back: its state, time and window changed.
  const window = windowAfter(record);
  const transaction: TransactionRow = {
    ...locked.row,
    state: record.state,
    updated_at: record.at,
    ...(window === undefined ? {} : { cancellable_until: window }),
  };
  const after = [...locked.history, record];
  locked.row = transaction;
  locked.history = after;
  await deps.events.transactionStateUpdated(tx, {
    transaction_id: transaction.id,
    state: record.state,
  });
  deps.customers.profileChanged(tx, transaction.customer_id);
  await deps.mail(tx, locked, record);
  return { transaction, record, previous, history: after };
}
