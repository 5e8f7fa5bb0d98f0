import {
  MAX_PAYMENTS_PER_TRANSACTION,
  type ColorScheme,
  type ConflictType,
  type Locale,
  type PaymentState,
  type PaymentStateCode,
  type TransactionStateCode,
} from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import { apiText, translate, type PlainTextKey } from '../../i18n/index.ts';
import { stableId } from '../../lib/stable-id.ts';

/**
 * The payment state machine (docs/product/sending-money.md#payment-states, #retry-and-cancel,
 * docs/decisions/0038-transaction-states.md): what the customer is shown for each state, the
 * guarded transitions with their causes, the cancel rule and the three-payment cap. Pure.
 */

/** How a state is shown: the groups of docs/product/sending-money.md#payment-states. */
export type PaymentShownAs =
  'pending' | 'processing' | 'completed' | 'failed' | 'expired' | 'cancelled' | 'refunded';

interface PaymentStateDefinition {
  shownAs: PaymentShownAs;
  color: ColorScheme;
  /** No transition leaves it. */
  final: boolean;
  /** The customer may still pay it (or is paying it). */
  open: boolean;
}

export const PAYMENT_STATES = {
  CREATED: { shownAs: 'pending', color: 'yellow', final: false, open: true },
  INITIALIZED: { shownAs: 'pending', color: 'yellow', final: false, open: true },
  PENDING: { shownAs: 'pending', color: 'yellow', final: false, open: true },
  REDIRECTED: { shownAs: 'processing', color: 'blue', final: false, open: true },
  AUTHORIZED: { shownAs: 'completed', color: 'green', final: false, open: false },
  CAPTURED: { shownAs: 'completed', color: 'green', final: false, open: false },
  FAILED: { shownAs: 'failed', color: 'red', final: true, open: false },
  'TIMED-OUT': { shownAs: 'expired', color: 'gray', final: true, open: false },
  // Part refunded (a missed promise's fee) until the rest is refunded too, if ever.
  'PART-REFUNDED': { shownAs: 'refunded', color: 'orange', final: false, open: false },
  REFUNDED: { shownAs: 'refunded', color: 'orange', final: true, open: false },
  CANCELLED: { shownAs: 'cancelled', color: 'gray', final: true, open: false },
} as const satisfies Record<PaymentStateCode, PaymentStateDefinition>;

/** The states a customer may still pay in (CREATED to REDIRECTED): what a deadline times out. */
export const OPEN_PAYMENT_STATES = (Object.keys(PAYMENT_STATES) as PaymentStateCode[]).filter(
  (state) => PAYMENT_STATES[state].open,
);

/** Why a payment changes state. */
export const paymentTransitionCauses = [
  'provider-initialized',
  'instructions-ready',
  'customer-redirected',
  'customer-confirmed',
  'provider-authorized',
  'captured',
  'provider-failed',
  'deadline-passed',
  'cancelled-by-customer',
  'transaction-cancelled',
  'part-refunded',
  'refunded',
] as const;
export type PaymentTransitionCause = (typeof paymentTransitionCauses)[number];

export interface PaymentTransition {
  from: PaymentStateCode;
  to: PaymentStateCode;
  cause: PaymentTransitionCause;
}

const edge = (
  from: readonly PaymentStateCode[],
  to: PaymentStateCode,
  cause: PaymentTransitionCause,
): PaymentTransition[] => from.map((state) => ({ from: state, to, cause }));

/** Not yet told "I've paid" nor redirected: what a cancel may withdraw. */
const NOT_YET_PAID = ['CREATED', 'INITIALIZED', 'PENDING'] as const;

/** Every allowed change, with its cause. Anything else is an IllegalPaymentTransitionError. */
export const PAYMENT_TRANSITIONS: readonly PaymentTransition[] = [
  ...edge(['CREATED'], 'INITIALIZED', 'provider-initialized'),
  ...edge(['CREATED', 'INITIALIZED'], 'PENDING', 'instructions-ready'),
  ...edge(['INITIALIZED', 'PENDING'], 'REDIRECTED', 'customer-redirected'),
  ...edge(['PENDING'], 'REDIRECTED', 'customer-confirmed'),
  ...edge(['PENDING', 'REDIRECTED'], 'AUTHORIZED', 'provider-authorized'),
  ...edge(['PENDING', 'REDIRECTED', 'AUTHORIZED'], 'CAPTURED', 'captured'),
  ...edge(
    ['CREATED', 'INITIALIZED', 'PENDING', 'REDIRECTED', 'AUTHORIZED'],
    'FAILED',
    'provider-failed',
  ),
  ...edge(['CREATED', 'INITIALIZED', 'PENDING', 'REDIRECTED'], 'TIMED-OUT', 'deadline-passed'),
  ...edge(NOT_YET_PAID, 'CANCELLED', 'cancelled-by-customer'),
  ...edge(NOT_YET_PAID, 'CANCELLED', 'transaction-cancelled'),
  ...edge(['CAPTURED'], 'PART-REFUNDED', 'part-refunded'),
  ...edge(['CAPTURED', 'PART-REFUNDED'], 'REFUNDED', 'refunded'),
];

export class IllegalPaymentTransitionError extends AppError {
  constructor(
    readonly from: PaymentStateCode,
    readonly to: PaymentStateCode,
    readonly transitionCause: PaymentTransitionCause,
  ) {
    super('conflict', { message: apiText('payments.illegalTransition') });
    this.name = 'IllegalPaymentTransitionError';
  }
}

export interface PaymentFacts {
  state: PaymentStateCode;
  /** The customer said "I've paid". */
  customerConfirmed: boolean;
}

/**
 * The state `cause` moves the payment to, or an IllegalPaymentTransitionError. A customer's
 * cancel is refused once the customer has said it paid.
 */
export function paymentTransition(
  payment: PaymentFacts,
  to: PaymentStateCode,
  cause: PaymentTransitionCause,
): PaymentStateCode {
  const allowed = PAYMENT_TRANSITIONS.some(
    (candidate) =>
      candidate.from === payment.state && candidate.to === to && candidate.cause === cause,
  );
  if (!allowed || (cause === 'cancelled-by-customer' && payment.customerConfirmed)) {
    throw new IllegalPaymentTransitionError(payment.state, to, cause);
  }
  return to;
}

/** The 409 a customer's cancel answers (docs/product/sending-money.md#retry-and-cancel). */
export class PaymentCancelRefusedError extends AppError {
  constructor(
    readonly refusal: Extract<ConflictType, 'payment_not_open' | 'payment_not_cancellable'>,
  ) {
    super('conflict', {
      type: refusal,
      message: apiText(
        refusal === 'payment_not_open' ? 'payments.notOpen' : 'payments.notCancellable',
      ),
    });
    this.name = 'PaymentCancelRefusedError';
  }
}

/**
 * Why a customer may not cancel the payment, or null when it may: `payment_not_open` when it is
 * paid, failed, cancelled, or its transfer is no longer awaiting payment (held or moving on);
 * `payment_not_cancellable` once the customer said "I've paid" or was redirected to pay, or when
 * the provider cannot withdraw it.
 */
export function cancelRefusal(
  payment: PaymentFacts & { providerCanWithdraw: boolean },
  transactionState: TransactionStateCode,
): 'payment_not_open' | 'payment_not_cancellable' | null {
  if (!PAYMENT_STATES[payment.state].open) return 'payment_not_open';
  if (!isAwaitingPayment(transactionState)) return 'payment_not_open';
  if (payment.customerConfirmed || payment.state === 'REDIRECTED') return 'payment_not_cancellable';
  if (!payment.providerCanWithdraw) return 'payment_not_cancellable';
  return null;
}

/** The transfer states in which a payment is expected. */
export const isAwaitingPayment = (state: TransactionStateCode): boolean =>
  state === 'CREATED' || state === 'PENDING-PAYMENT';

export type NewPaymentRefusal = 'not-awaiting-payment' | 'payment-open' | 'limit-reached';

/**
 * Why a transfer may not get another payment (a retry), or null: it must await payment, have no
 * open payment, and have fewer than 3 payments in all.
 */
export function newPaymentRefusal(
  transactionState: TransactionStateCode,
  payments: readonly PaymentStateCode[],
): NewPaymentRefusal | null {
  if (!isAwaitingPayment(transactionState)) {
    // Cancelled because its last allowed payment failed too: the cap is what the customer hits.
    return transactionState === 'CANCELLED' && payments.length >= MAX_PAYMENTS_PER_TRANSACTION
      ? 'limit-reached'
      : 'not-awaiting-payment';
  }
  if (payments.some((state) => PAYMENT_STATES[state].open)) return 'payment-open';
  if (payments.length >= MAX_PAYMENTS_PER_TRANSACTION) return 'limit-reached';
  return null;
}

/** The type of each refused retry's 409: clients switch on it, never on the message. */
const NEW_PAYMENT_REFUSAL_TYPES = {
  'not-awaiting-payment': 'payment_not_open',
  'payment-open': 'payment_in_progress',
  'limit-reached': 'payment_limit_reached',
} as const satisfies Record<NewPaymentRefusal, ConflictType>;

/** The 409 a refused retry answers, typed, with its customer-readable message. */
export class NewPaymentRefusedError extends AppError {
  constructor(readonly refusal: NewPaymentRefusal) {
    super('conflict', {
      type: NEW_PAYMENT_REFUSAL_TYPES[refusal],
      message: apiText(
        refusal === 'limit-reached'
          ? 'payments.limitReached'
          : refusal === 'payment-open'
            ? 'payments.stillOpen'
            : 'payments.notAwaitingPayment',
      ),
    });
    this.name = 'NewPaymentRefusedError';
  }
}

/** `TP7402166` for the first payment, `TP7402166-002` and `-003` for the retries. */
export function paymentReference(transactionNumber: string, paymentNumber: number): string {
  if (!Number.isInteger(paymentNumber) || paymentNumber < 1) {
    throw new RangeError(`A payment number starts at 1, not ${paymentNumber}.`);
  }
  return paymentNumber === 1
    ? transactionNumber
    : `${transactionNumber}-${String(paymentNumber).padStart(3, '0')}`;
}

export const paymentTextKeys = (
  code: PaymentStateCode,
): { label: PlainTextKey; description: PlainTextKey } => {
  const shown = PAYMENT_STATES[code].shownAs;
  return {
    label: `payments.shown.${shown}.label`,
    description: `payments.shown.${shown}.description`,
  };
};

/** A payment state as the wire sends it, in `locale`. */
export function paymentStateResource(code: PaymentStateCode, locale: Locale): PaymentState {
  return {
    id: stableId('payment-state', code),
    code,
    label: translate(apiText(paymentTextKeys(code).label), locale),
    color_scheme: PAYMENT_STATES[code].color,
  };
}
