import {
  holdStateCodes,
  type ColorScheme,
  type HoldActionCode,
  type HoldReasonCode,
  type HoldStateCode,
  type TransactionStateCode,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText } from '../../i18n/index.ts';

/**
 * The transaction state machine (docs/product/sending-money.md#transaction-states,
 * docs/decisions/0038-transaction-states.md): each state's progress, colour and texts, the guarded
 * transitions with their causes, the holds' reasons and actions, and the timeline. Pure: the
 * history and the time come in, nothing is read or written here.
 */

interface StateDefinition {
  progress: number;
  color: ColorScheme;
  final: boolean;
  /** Whether the transfer's amount counts toward the customer's rolling sending limits. */
  countsTowardLimits: boolean;
}

export const TRANSACTION_STATES = {
  CREATED: { progress: 10, color: 'gray', final: false, countsTowardLimits: true },
  'PENDING-PAYMENT': { progress: 20, color: 'yellow', final: false, countsTowardLimits: true },
  'PAYMENT-CLEARED': { progress: 40, color: 'blue', final: false, countsTowardLimits: true },
  'DOCUMENT-REQUIRED': { progress: 40, color: 'orange', final: false, countsTowardLimits: true },
  'DOCUMENT-PROVIDED': { progress: 45, color: 'blue', final: false, countsTowardLimits: true },
  'UNDER-REVIEW': { progress: 45, color: 'yellow', final: false, countsTowardLimits: true },
  'ON-HOLD': { progress: 45, color: 'orange', final: false, countsTowardLimits: true },
  'CONVERTING-FOREX': { progress: 60, color: 'blue', final: false, countsTowardLimits: true },
  'AVAILABLE-FOR-PAYOUT': { progress: 70, color: 'blue', final: false, countsTowardLimits: true },
  'SENDING-FOR-PAYOUT': { progress: 80, color: 'blue', final: false, countsTowardLimits: true },
  'SENT-FOR-PAYOUT': { progress: 90, color: 'blue', final: false, countsTowardLimits: true },
  'PAYOUT-SUCCESS': { progress: 100, color: 'green', final: true, countsTowardLimits: true },
  // Until it is retried or refunded the money is still the customer's transfer.
  'PAYOUT-FAILED': { progress: 90, color: 'red', final: false, countsTowardLimits: true },
  // Refunded in full: neither counts (issue 29: "a cancelled or fully refunded transfer does not").
  'PAYOUT-REVERSED': { progress: 100, color: 'red', final: true, countsTowardLimits: false },
  CANCELLED: { progress: 100, color: 'gray', final: true, countsTowardLimits: false },
} as const satisfies Record<TransactionStateCode, StateDefinition>;

/** The states in the order a transfer meets them when nothing goes wrong. */
export const HAPPY_PATH = [
  'CREATED',
  'PENDING-PAYMENT',
  'PAYMENT-CLEARED',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
  'SENDING-FOR-PAYOUT',
  'SENT-FOR-PAYOUT',
  'PAYOUT-SUCCESS',
] as const satisfies readonly TransactionStateCode[];

/** Free cancellation after the payment clears, until the transfer is handed for payout. */
export const CANCELLATION_WINDOW_MS = 1_800_000; // 30 minutes

/** Finished: nothing more is done to it, but a paid-out transfer the partner takes back. */
export const isFinalState = (code: TransactionStateCode): boolean => TRANSACTION_STATES[code].final;
export const countsTowardLimits = (code: TransactionStateCode): boolean =>
  TRANSACTION_STATES[code].countsTowardLimits;
export const isHoldState = (code: TransactionStateCode): code is HoldStateCode =>
  (holdStateCodes as readonly TransactionStateCode[]).includes(code);

/** Why a transfer changes state. */
export const transitionCauses = [
  'payment-opened',
  'payment-cleared',
  'document-required',
  'document-provided',
  'document-accepted',
  'document-rejected',
  'review-required',
  'review-passed',
  'conversion-started',
  'converted',
  'sending-for-payout',
  'partner-accepted',
  'partner-confirmed',
  'partner-failed',
  'payout-retried',
  'refunded',
  'reversed',
  'held-by-operator',
  'released-by-operator',
  'cancelled-by-customer',
  'cancelled-within-window',
  'cancelled-by-operator',
  'payment-timed-out',
  'payment-failed',
] as const;
export type TransitionCause = (typeof transitionCauses)[number];

export interface Transition {
  from: TransactionStateCode;
  to: TransactionStateCode;
  cause: TransitionCause;
}

const edge = (
  from: readonly TransactionStateCode[],
  to: TransactionStateCode,
  cause: TransitionCause,
): Transition[] => from.map((state) => ({ from: state, to, cause }));

/** Paid, not yet handed for payout: the cancellation window and operators' cancels apply. */
const PAID_NOT_SENT = [
  'PAYMENT-CLEARED',
  'DOCUMENT-REQUIRED',
  'DOCUMENT-PROVIDED',
  'UNDER-REVIEW',
  'CONVERTING-FOREX',
  'AVAILABLE-FOR-PAYOUT',
] as const satisfies readonly TransactionStateCode[];

/** Every state an operator may put ON-HOLD: any before SENDING-FOR-PAYOUT. */
const HOLDABLE = [
  'CREATED',
  'PENDING-PAYMENT',
  ...PAID_NOT_SENT,
] as const satisfies readonly TransactionStateCode[];

/** Every allowed change, with its cause. Anything else is an IllegalTransitionError. */
export const TRANSITIONS: readonly Transition[] = [
  ...edge(['CREATED'], 'PENDING-PAYMENT', 'payment-opened'),
  ...edge(['PENDING-PAYMENT'], 'PAYMENT-CLEARED', 'payment-cleared'),
  ...edge(['PAYMENT-CLEARED'], 'CONVERTING-FOREX', 'conversion-started'),
  ...edge(['CONVERTING-FOREX'], 'AVAILABLE-FOR-PAYOUT', 'converted'),
  ...edge(['AVAILABLE-FOR-PAYOUT'], 'SENDING-FOR-PAYOUT', 'sending-for-payout'),
  ...edge(['SENDING-FOR-PAYOUT'], 'SENT-FOR-PAYOUT', 'partner-accepted'),
  ...edge(['SENT-FOR-PAYOUT'], 'PAYOUT-SUCCESS', 'partner-confirmed'),
  // Documents and reviews.
  ...edge(['PAYMENT-CLEARED'], 'DOCUMENT-REQUIRED', 'document-required'),
  ...edge(['DOCUMENT-PROVIDED', 'UNDER-REVIEW'], 'DOCUMENT-REQUIRED', 'document-rejected'),
  ...edge(['DOCUMENT-REQUIRED'], 'DOCUMENT-PROVIDED', 'document-provided'),
  ...edge(['DOCUMENT-PROVIDED'], 'CONVERTING-FOREX', 'document-accepted'),
  ...edge(['PAYMENT-CLEARED', 'DOCUMENT-PROVIDED'], 'UNDER-REVIEW', 'review-required'),
  ...edge(['UNDER-REVIEW'], 'CONVERTING-FOREX', 'review-passed'),
  // Payout failures and reversals.
  ...edge(['SENDING-FOR-PAYOUT', 'SENT-FOR-PAYOUT'], 'PAYOUT-FAILED', 'partner-failed'),
  ...edge(['PAYOUT-FAILED'], 'SENDING-FOR-PAYOUT', 'payout-retried'),
  ...edge(['PAYOUT-FAILED'], 'CANCELLED', 'refunded'),
  ...edge(['PAYOUT-SUCCESS'], 'PAYOUT-REVERSED', 'reversed'),
  // Operator holds, released to the state they left (a guard).
  ...edge(HOLDABLE, 'ON-HOLD', 'held-by-operator'),
  ...HOLDABLE.map((state) => ({
    from: 'ON-HOLD' as const,
    to: state,
    cause: 'released-by-operator' as const,
  })),
  // Cancels: before paying by the customer, an operator, or the payment deadline; after paying
  // within the window by the customer (a guard), or by an operator.
  ...edge(['CREATED', 'PENDING-PAYMENT'], 'CANCELLED', 'cancelled-by-customer'),
  ...edge(['CREATED', 'PENDING-PAYMENT'], 'CANCELLED', 'payment-timed-out'),
  // Its last allowed payment declined (decision 38: all its payments failed or expired).
  ...edge(['CREATED', 'PENDING-PAYMENT'], 'CANCELLED', 'payment-failed'),
  ...edge(['CREATED', 'PENDING-PAYMENT'], 'CANCELLED', 'cancelled-by-operator'),
  ...edge([...PAID_NOT_SENT, 'ON-HOLD'], 'CANCELLED', 'cancelled-within-window'),
  ...edge([...PAID_NOT_SENT, 'ON-HOLD'], 'CANCELLED', 'cancelled-by-operator'),
];

/** A hold's reasons, each with the one action that clears it. */
export const HOLD_REASONS = {
  'DOCUMENT-OWED': { state: 'DOCUMENT-REQUIRED', action: 'UPLOAD-DOCUMENT' },
  'DOCUMENT-REJECTED': { state: 'DOCUMENT-REQUIRED', action: 'UPLOAD-DOCUMENT' },
  'DOCUMENT-BEING-CHECKED': { state: 'UNDER-REVIEW', action: 'WAIT-FOR-REVIEW' },
  'COMPLIANCE-REVIEW': { state: 'UNDER-REVIEW', action: 'WAIT-FOR-REVIEW' },
  'OPERATOR-HOLD': { state: 'ON-HOLD', action: 'CONTACT-SUPPORT' },
} as const satisfies Record<HoldReasonCode, { state: HoldStateCode; action: HoldActionCode }>;

export interface HoldRecord {
  reason: HoldReasonCode;
  action: HoldActionCode;
}

/** One row of a transfer's history: the state it entered, why and when. */
export interface StateRecord {
  state: TransactionStateCode;
  /** Null for the first record (the transfer was created in it). */
  cause: TransitionCause | null;
  at: Date;
  /** Set exactly when `state` is a hold. */
  hold: HoldRecord | null;
}

export interface TransitionRequest {
  to: TransactionStateCode;
  cause: TransitionCause;
  at: Date;
  /** Required when `to` is a hold: why. The action that clears it follows from the reason. */
  holdReason?: HoldReasonCode;
}

/** A change the machine refuses: a 409 to a customer, a refused command to an operator. */
export class IllegalTransitionError extends AppError {
  constructor(
    readonly from: TransactionStateCode | null,
    readonly to: TransactionStateCode,
    readonly transitionCause: TransitionCause,
    reason: 'not-allowed' | 'window-closed' | 'hold-reason' = 'not-allowed',
  ) {
    super('conflict', {
      message: apiText(
        reason === 'window-closed'
          ? 'transfers.cancellationWindowClosed'
          : reason === 'hold-reason'
            ? 'transfers.holdReasonRequired'
            : 'transfers.illegalTransition',
      ),
    });
    this.name = 'IllegalTransitionError';
  }
}

/** The first record of a new transfer. */
export function createdRecord(at: Date): StateRecord {
  return { state: 'CREATED', cause: null, at, hold: null };
}

/** The record of the state a transfer is in: its history's last. */
export const currentOf = (history: readonly StateRecord[]): StateRecord => {
  const current = history.at(-1);
  if (!current) throw new RangeError('A transfer has at least its CREATED record.');
  return current;
};

/** The record of the state an ON-HOLD transfer left, to which a release returns. */
function heldFromRecord(history: readonly StateRecord[]): StateRecord | null {
  for (let index = history.length - 1; index > 0; index -= 1) {
    if (history[index]?.state === 'ON-HOLD') return history[index - 1] ?? null;
  }
  return null;
}

/** The state an ON-HOLD transfer left, to which a release returns. */
export function heldFrom(history: readonly StateRecord[]): TransactionStateCode | null {
  return heldFromRecord(history)?.state ?? null;
}

/** When the payment cleared, or null before it did. */
export function clearedAt(history: readonly StateRecord[]): Date | null {
  return history.find((record) => record.state === 'PAYMENT-CLEARED')?.at ?? null;
}

/**
 * True while a paid transfer may still be cancelled free of charge by its customer: for 30
 * minutes after its payment cleared, unless it has been handed for payout (an ON-HOLD transfer
 * was held before that, so it counts as not sent).
 */
export function withinCancellationWindow(history: readonly StateRecord[], now: Date): boolean {
  const cleared = clearedAt(history);
  const current = currentOf(history).state;
  return (
    cleared !== null &&
    ([...PAID_NOT_SENT, 'ON-HOLD'] as readonly TransactionStateCode[]).includes(current) &&
    now.getTime() < cleared.getTime() + CANCELLATION_WINDOW_MS
  );
}

/**
 * The record `request` appends to `history`, or an IllegalTransitionError: the change must be in
 * TRANSITIONS, a release must return to the state held from, a customer's cancel after paying must
 * fall within the window, and a hold must carry a reason of that hold (a release into a hold gets
 * back the reason it had).
 */
export function transition(
  history: readonly StateRecord[],
  request: TransitionRequest,
): StateRecord {
  const from = currentOf(history).state;
  const { to, cause, at } = request;
  const allowed = TRANSITIONS.some(
    (candidate) => candidate.from === from && candidate.to === to && candidate.cause === cause,
  );
  if (!allowed) throw new IllegalTransitionError(from, to, cause);
  if (cause === 'released-by-operator' && heldFrom(history) !== to) {
    throw new IllegalTransitionError(from, to, cause);
  }
  if (cause === 'cancelled-within-window' && !withinCancellationWindow(history, at)) {
    throw new IllegalTransitionError(from, to, cause, 'window-closed');
  }
  if (!isHoldState(to)) {
    if (request.holdReason !== undefined) throw new IllegalTransitionError(from, to, cause);
    return { state: to, cause, at, hold: null };
  }
  // A release into a hold (an operator held a transfer that was already held) restores its reason.
  const reason =
    request.holdReason ??
    (cause === 'released-by-operator' ? heldFromRecord(history)?.hold?.reason : undefined);
  if (reason === undefined || HOLD_REASONS[reason].state !== to) {
    throw new IllegalTransitionError(from, to, cause, 'hold-reason');
  }
  return { state: to, cause, at, hold: { reason, action: HOLD_REASONS[reason].action } };
}
