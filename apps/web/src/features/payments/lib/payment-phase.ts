import {
  MAX_PAYMENTS_PER_TRANSACTION,
  type PaymentStateCode,
  type Transaction,
} from '@corridor/contracts';

/**
 * What a payment's state means to the customer (docs/product/sending-money.md#payment-states):
 * `pending` asks them to pay, `processing` watches for the money, the rest are outcomes.
 */
export type PaymentPhase =
  'pending' | 'processing' | 'completed' | 'failed' | 'expired' | 'cancelled' | 'refunded';

const phases: Record<PaymentStateCode, PaymentPhase> = {
  CREATED: 'pending',
  INITIALIZED: 'pending',
  PENDING: 'pending',
  REDIRECTED: 'processing',
  AUTHORIZED: 'completed',
  CAPTURED: 'completed',
  FAILED: 'failed',
  'TIMED-OUT': 'expired',
  CANCELLED: 'cancelled',
  REFUNDED: 'refunded',
  'PART-REFUNDED': 'refunded',
};

/** The payment's phase; "I've paid" turns a pending bank transfer into processing. */
export function paymentPhase(transaction: Transaction): PaymentPhase {
  const { payment } = transaction;
  const phase = phases[payment.state.code];
  return phase === 'pending' && payment.customer_confirmed_payment ? 'processing' : phase;
}

/** The settled payment states of the callback (docs/product/routes-and-screens.md#payment). */
export function isPaymentSettled(transaction: Transaction): boolean {
  const phase = phases[transaction.payment.state.code];
  return phase !== 'pending' && phase !== 'processing';
}

/**
 * Which attempt the current payment is, from its reference: the transaction number for the
 * first, then `-002`, `-003` (docs/product/sending-money.md#payments). The server's count, so a
 * reload or a failed request never uses up an attempt.
 */
export function paymentAttempt(transaction: Transaction): number {
  const prefix = `${transaction.transaction_number}-`;
  const reference = transaction.payment.shared_reference;
  if (!reference.startsWith(prefix)) return 1;
  const attempt = Number(reference.slice(prefix.length));
  return Number.isInteger(attempt) && attempt >= 1 ? attempt : 1;
}

/** Every attempt is used: a new payment would be refused, so the transfer is paused instead. */
export function attemptsUsed(transaction: Transaction): boolean {
  return paymentAttempt(transaction) >= MAX_PAYMENTS_PER_TRANSACTION;
}
