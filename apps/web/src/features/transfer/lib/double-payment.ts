import type { Transaction } from '@corridor/contracts';

/** How far before the attempt a transfer may have been created and still be this one (§3.3b). */
export const ATTEMPT_WINDOW_MS = 60_000;

/** What was being confirmed when its outcome became unknown. */
export interface ConfirmAttempt {
  recipientId: string;
  paymentCurrencyId: string;
  /** What is converted, as the quote's decimal string ("100.00"). */
  localAmount: string;
  /** When the first request of the attempt left (ms since the epoch). */
  startedAt: number;
}

/** "100.00" and "100" are the same amount: compared without trailing zeros, as text. */
function canonicalDecimal(value: string): string {
  const [whole = '', fraction = ''] = value.trim().split('.');
  const digits = fraction.replace(/0+$/, '');
  return digits === ''
    ? whole.replace(/^0+(?=\d)/, '')
    : `${whole.replace(/^0+(?=\d)/, '')}.${digits}`;
}

/**
 * The transfer an attempt whose answer was lost did create, if any (docs/product/routes-and-screens.md#transfer-wizard, double-payment safety): the same
 * recipient, payment currency and amount, created no earlier than a minute before the attempt.
 */
export function findConfirmedTransfer(
  transactions: readonly Transaction[],
  attempt: ConfirmAttempt,
): Transaction | undefined {
  const amount = canonicalDecimal(attempt.localAmount);
  return transactions.find(
    (transaction) =>
      transaction.recipient.id === attempt.recipientId &&
      transaction.payment_currency.id === attempt.paymentCurrencyId &&
      canonicalDecimal(transaction.local_amount) === amount &&
      Date.parse(transaction.created_at) >= attempt.startedAt - ATTEMPT_WINDOW_MS,
  );
}
