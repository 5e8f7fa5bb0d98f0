import type { PaymentStateCode, TransactionStateCode } from '@corridor/contracts';
import { AppError } from '../../errors/app-error.ts';
import {
  isAwaitingPayment,
  PAYMENT_STATES,
  type CallbackOutcome,
  type CardEvent,
} from '../payments/index.ts';
import type { BankSettlement } from './bank-settlement.ts';
import { lockTransfer, type FlowDeps } from './flow-deps.ts';
import { localeOf } from './locked-transfer.ts';

/**
 * A card provider's verified callback applied (docs/decisions/0046-signed-provider-callbacks.md,
 * docs/product/sending-money.md#paying-by-card): the event id accepted once (UNIQUE provider +
 * event id, in this same transaction), the event checked against our payment (its transfer, its
 * provider, its amount and currency), then a capture settles the payment exactly as a bank
 * transfer's settlement does, and a decline leaves the payment FAILED and the transfer payable
 * again. Anything that does not match is refused and rolled back: nothing changes.
 */
export function createCardCallbacks(deps: FlowDeps & { settlement: BankSettlement }) {
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
        // payment we closed meanwhile is money at the provider to give back: an operator's.
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
      }
      return 'applied';
    });
  }

  return { apply };
}

export type CardCallbacks = ReturnType<typeof createCardCallbacks>;
