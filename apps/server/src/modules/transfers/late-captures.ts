import type { PaymentStateCode } from '@corridor/contracts';
import type { Tx } from '../../db/executor.ts';
import { PAYMENT_STATES, type PaymentRow } from '../payments/index.ts';
import { recordEntries, type FlowDeps } from './flow-deps.ts';
import { localeOf, type LockedTransfer } from './locked-transfer.ts';
import type { RefundMail } from './refund-mail.ts';
import { lateCaptureEntries } from './refund-entries.ts';

/**
 * A capture for a payment we closed already (docs/product/sending-money.md#paying-by-card,
 * #refunds): FAILED, TIMED-OUT or CANCELLED, or open on a transfer since CANCELLED. The money
 * did arrive, so it is recorded as the customer's and given straight back in full (a refund
 * record, `late-capture`, to the card), the customer emailed, and operators alerted: an error
 * in the log (`payments.late_capture_refunded`, `alert: true`) and the refund, which
 * `npm run ops -- payments:show` lists with the provider's events. The payment keeps
 * its closed state; the transfer is not moved. In the callback's transaction.
 */
export async function refundLateCapture(
  deps: FlowDeps & { mailRefund: RefundMail },
  tx: Tx,
  locked: LockedTransfer,
  payment: PaymentRow,
  eventId: string,
): Promise<boolean> {
  let closed = payment;
  const state = payment.state as PaymentStateCode;
  if (PAYMENT_STATES[state].open) {
    // Only a cancelled transfer's open payment is closed here; any other open one is not late.
    if (locked.row.state !== 'CANCELLED') return false;
    closed = await deps.payments.transition(tx, {
      paymentId: payment.id,
      to: 'CANCELLED',
      cause: 'transaction-cancelled',
      customerId: locked.row.customer_id,
      locked: payment,
      locale: await localeOf(deps, tx, locked),
    });
  } else if (!['FAILED', 'TIMED-OUT', 'CANCELLED'].includes(state)) {
    // Captured or refunded already: a second capture event of the same charge changes nothing.
    return false;
  }
  await recordEntries(
    deps,
    tx,
    lateCaptureEntries({
      transactionId: locked.row.id,
      customerId: locked.row.customer_id,
      paymentNumber: payment.number,
      currency: payment.currency,
      amountMinor: payment.amount_minor,
    }),
  );
  const refund = await deps.payments.refunds.record(tx, {
    payment: closed,
    reason: 'late-capture',
    amountMinor: payment.amount_minor,
    customerId: locked.row.customer_id,
    locale: await localeOf(deps, tx, locked),
  });
  await deps.mailRefund(tx, locked, 'late-capture', refund);
  deps.log.error(
    {
      event: 'payments.late_capture_refunded',
      alert: true,
      eventId,
      paymentId: payment.id,
      transactionId: locked.row.id,
      state,
      refundId: refund.id,
    },
    'a capture arrived for a payment already closed: recorded and refunded in full',
  );
  return true;
}
