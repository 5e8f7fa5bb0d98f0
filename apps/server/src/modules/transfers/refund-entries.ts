import { accounts, movement, type Posting } from '../ledger/index.ts';
import {
  refundEntries,
  type LedgerOperation,
  type RefundProgress,
  type TransferFigures,
} from './transfer-entries.ts';

/**
 * The ledger entries of refunds beyond the full refund of transfer-entries.ts
 * (docs/product/sending-money.md#the-entries-of-a-transfer, #refunds): the fee of a missed
 * delivery promise, what is left to refund after it, and a late capture given back. Each cause
 * is the transaction id and a fixed event, so a step run twice records nothing the second time.
 */

export const refundEvents = {
  promiseFee: 'delivery-promise.fee',
  promisePaidBack: 'delivery-promise.paid-back',
  lateCapture: (paymentNumber: number) => `payment-${paymentNumber}.late-capture`,
  lateCapturePaidBack: (paymentNumber: number) => `payment-${paymentNumber}.late-capture.paid-back`,
} as const;

const record = (transactionId: string, event: string, postings: Posting[]): LedgerOperation => ({
  op: 'record',
  entry: { cause: { transactionId, event }, postings },
});

/**
 * The delivery promise missed (docs/product/sending-money.md#delivery-promise): the fee earned
 * goes back to the customer from `revenue:fees`, then out to them through safeguarding.
 */
export function promiseFeeRefundEntries(f: TransferFigures): LedgerOperation[] {
  const customer = accounts.customer(f.customerId, f.sendCurrency);
  return [
    record(
      f.transactionId,
      refundEvents.promiseFee,
      movement(accounts.fees(f.sendCurrency), customer, f.feeMinor),
    ),
    record(
      f.transactionId,
      refundEvents.promisePaidBack,
      movement(customer, accounts.safeguarding(f.sendCurrency), f.feeMinor),
    ),
  ];
}

/**
 * A full refund after part was refunded already: today only a missed promise's fee is refunded
 * before the rest, so the refund is the full one of a transfer without its fee (the fee's entry
 * stays earned and refunded; what is in transit is the send amount).
 */
export function remainingRefundEntries(
  f: TransferFigures,
  progress: RefundProgress,
  refundedMinor: bigint,
): LedgerOperation[] {
  if (refundedMinor === 0n) return refundEntries(f, progress);
  // Only an earned fee is refunded before the rest, and it is earned when the window closes.
  if (refundedMinor !== f.feeMinor || f.transferPaidPending) {
    throw new RangeError(
      `transfer ${f.transactionId}: ${refundedMinor} refunded before is not its earned fee`,
    );
  }
  return refundEntries({ ...f, feeMinor: 0n, totalMinor: f.totalMinor - f.feeMinor }, progress);
}

/**
 * A capture that arrived for a payment already closed: the money recorded as the customer's as
 * it landed, and paid straight back through safeguarding.
 */
export function lateCaptureEntries(capture: {
  transactionId: string;
  customerId: string;
  paymentNumber: number;
  currency: string;
  amountMinor: bigint;
}): LedgerOperation[] {
  const customer = accounts.customer(capture.customerId, capture.currency);
  const safeguarding = accounts.safeguarding(capture.currency);
  return [
    record(
      capture.transactionId,
      refundEvents.lateCapture(capture.paymentNumber),
      movement(safeguarding, customer, capture.amountMinor),
    ),
    record(
      capture.transactionId,
      refundEvents.lateCapturePaidBack(capture.paymentNumber),
      movement(customer, safeguarding, capture.amountMinor),
    ),
  ];
}
