import type { PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import type { Tx } from '../../db/executor.ts';
import {
  isAwaitingPayment,
  newPaymentRefusal,
  PAYMENT_STATES,
  type CallbackOutcome,
  type CardEvent,
} from '../payments/index.ts';
import type { BankSettlement } from './bank-settlement.ts';
import { lockTransfer, type FlowDeps } from './flow-deps.ts';
import { refundLateCapture } from './late-captures.ts';
import { localeOf, type LockedTransfer } from './locked-transfer.ts';
import type { RefundMail } from './refund-mail.ts';

/**
 * A card provider's verified callback applied (docs/decisions/0046-signed-provider-callbacks.md,
 * docs/product/sending-money.md#paying-by-card): the event id accepted once (UNIQUE provider +
 * event id, in this same transaction), the event checked against our payment (its transfer, its
 * provider, its amount and currency), then a capture settles the payment exactly as a bank
 * transfer's settlement does, and a decline leaves the payment FAILED and the transfer payable
 * again, unless it was the last payment allowed: then the transfer is CANCELLED
 * (`payment-failed`, decision 38). A capture of a payment closed meanwhile is refunded
 * (late-captures.ts). Anything that does not match is refused and rolled back: nothing changes.
 */
export function createCardCallbacks(
  deps: FlowDeps & { settlement: BankSettlement; mailRefund: RefundMail },
) {
  /** Decision 38: a transfer whose payments all failed or expired, none left to make, is cancelled. */
  async function cancelIfNoneLeft(tx: Tx, locked: LockedTransfer): Promise<void> {
    const payments = await deps.payments.allOf(tx, locked.row.id);
    const refusal = newPaymentRefusal(
      locked.row.state as TransactionStateCode,
      payments.map((payment) => payment.state as PaymentStateCode),
    );
    const allLapsed = payments.every(
      (payment) => payment.state === 'FAILED' || payment.state === 'TIMED-OUT',
    );
    if (refusal === 'limit-reached' && allLapsed) {
      await deps.transitionTransfer(
        tx,
        { transactionId: locked.row.id, to: 'CANCELLED', cause: 'payment-failed' },
        locked,
      );
    }
  }

  /** A signed event that contradicts our payment: refused (422), logged as an alert. */
  function mismatch(event: CardEvent, what: string): AppError {
    deps.log.error(
      { event: 'payments.callback_mismatch', eventId: event.id, what },
      'payment callback does not match our payment: refused',
    );
    return new AppError('validation_failed', {
      message: 'The event does not match the payment.',
      fieldErrors: { [`data.${what}`]: ['Does not match the payment.'] },
    });
  }

  async function apply(providerCode: string, event: CardEvent): Promise<CallbackOutcome> {
    return deps.uow.run(async (tx) => {
      const found = await deps.payments.find(tx, event.data.payment_id);
      if (!found) throw mismatch(event, 'payment_id');
      if (found.transaction_id !== event.data.transaction_id) {
        throw mismatch(event, 'transaction_id');
      }
      if (found.provider_code !== providerCode) throw mismatch(event, 'payment_id');
      if (found.currency !== event.data.currency) throw mismatch(event, 'currency');
      if (found.amount_minor.toString() !== event.data.amount_minor) {
        throw mismatch(event, 'amount_minor');
      }
      // A concurrent delivery of the same event waits here for this one's commit, then finds it.
      const fresh = await deps.payments.acceptEvent(tx, {
        provider_code: providerCode,
        event_id: event.id,
        event_type: event.type,
        payment_id: found.id,
        received_at: deps.clock.now(),
      });
      if (!fresh) return 'duplicate';
      // Transfers before payments, always (the spine's lock order).
      const locked = await lockTransfer(deps, tx, found.transaction_id);
      const payment = await deps.payments.lock(tx, found.id);
      if (!payment) throw mismatch(event, 'payment_id');
      const open = PAYMENT_STATES[payment.state as PaymentStateCode].open;
      if (!open || !isAwaitingPayment(locked.row.state as TransactionStateCode)) {
        // Monotonic: a late or out-of-order event never moves a payment back. A capture of a
        // payment we closed meanwhile is money that arrived: recorded and given back.
        if (
          event.type === 'charge.succeeded' &&
          (await refundLateCapture(deps, tx, locked, payment, event.id))
        ) {
          return 'applied';
        }
        deps.log.error(
          {
            event: 'payments.callback_ignored',
            eventId: event.id,
            paymentId: payment.id,
            state: payment.state,
            type: event.type,
          },
          'payment callback for a payment no longer open: recorded, not applied',
        );
        return 'ignored';
      }
      await deps.payments.setCard(tx, payment.id, {
        brand: event.data.brand,
        last4: event.data.last4,
      });
      if (event.type === 'charge.succeeded') {
        // The single settlement path (bank-settlement.ts): CAPTURED, PAYMENT-CLEARED, entries.
        await deps.settlement.settleIn(tx, payment.id, 'card-callback', locked);
      } else {
        await deps.payments.transition(tx, {
          paymentId: payment.id,
          to: 'FAILED',
          cause: 'provider-failed',
          customerId: locked.row.customer_id,
          locked: payment,
          locale: await localeOf(deps, tx, locked),
        });
        deps.log.info(
          { transactionId: locked.row.id, paymentId: payment.id, code: event.data.decline_code },
          'card payment declined',
        );
        await cancelIfNoneLeft(tx, locked);
      }
      return 'applied';
    });
  }

  return { apply };
}

export type CardCallbacks = ReturnType<typeof createCardCallbacks>;
