import type {
  ColorScheme,
  PaymentStateCode,
  Transaction,
  TransactionStateCode,
} from '@corridor/contracts';
import type { Tone } from '@/ui/status-badge';

// What a client derives from a transfer's states (docs/product/sending-money.md#transactions,
// #payments, #retry-and-cancel); the server stays the authority on each of them.

/** A state's colour as the design system's tone (docs/design-system.md: tones pass AA). */
export const toneOfColor: Record<ColorScheme, Tone> = {
  gray: 'neutral',
  blue: 'info',
  yellow: 'warning',
  orange: 'warning',
  green: 'success',
  red: 'danger',
};

/** The transfer states after which nothing moves on its own. */
export const finalTransactionStates: readonly TransactionStateCode[] = [
  'PAYOUT-SUCCESS',
  'PAYOUT-REVERSED',
  'CANCELLED',
];

/** The payment states from FAILED on: final for that payment. */
export const finalPaymentStates: readonly PaymentStateCode[] = [
  'FAILED',
  'TIMED-OUT',
  'PART-REFUNDED',
  'REFUNDED',
  'CANCELLED',
];

/** The transfer still waits for its payment (CREATED, PENDING-PAYMENT). */
export function isAwaitingPayment(transaction: Transaction): boolean {
  return transaction.state.code === 'CREATED' || transaction.state.code === 'PENDING-PAYMENT';
}

/** Nothing more will happen to it on its own. */
export function isFinal(transaction: Transaction): boolean {
  return finalTransactionStates.includes(transaction.state.code);
}

/** Awaiting payment with a payment that failed, expired or was cancelled: a new one may be made. */
export function canPayAgain(transaction: Transaction): boolean {
  const payment = transaction.payment.state.code;
  return (
    isAwaitingPayment(transaction) &&
    (payment === 'FAILED' || payment === 'TIMED-OUT' || payment === 'CANCELLED')
  );
}

/** Before "I've paid", a bank transfer awaiting payment can be cancelled. */
export function canCancelPayment(transaction: Transaction): boolean {
  const { payment } = transaction;
  return (
    isAwaitingPayment(transaction) &&
    (payment.state.code === 'CREATED' ||
      payment.state.code === 'INITIALIZED' ||
      payment.state.code === 'PENDING') &&
    !payment.customer_confirmed_payment
  );
}
