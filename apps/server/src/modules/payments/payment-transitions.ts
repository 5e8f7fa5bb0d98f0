import type { Locale, PaymentStateCode } from '@corridor/contracts';
import type { Executor } from '../../db/executor.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { CustomerService } from '../customers/index.ts';
import {
  paymentStateResource,
  paymentTransition,
  type PaymentTransitionCause,
} from './payment-states.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { paymentFactsOf } from './payment-resource.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';

export interface PaymentTransitionDeps {
  repository: PaymentsRepository;
  clock: Clock;
  events: Pick<RealtimeEvents, 'paymentStateUpdated'>;
  customers: Pick<CustomerService, 'localeOf'>;
  providerOf(methodCode: string): PaymentProvider;
}

/** A payment's change of state, as a use case asks for it. */
export interface PaymentChange {
  paymentId: string;
  to: PaymentStateCode;
  cause: PaymentTransitionCause;
  /** The customer's transfer the payment belongs to (its owner reads the event). */
  customerId: string;
  /** Set with the change: the customer said "I've paid". */
  customerConfirmed?: boolean;
  /** The payment as the caller locked it already in `tx`: not locked and read again. */
  locked?: PaymentRow;
  /** The customer's language, when the use case has read it already (its event's texts). */
  locale?: Locale;
}

/**
 * THE way a payment changes state (docs/product/sending-money.md#payment-states), inside the
 * caller's transaction `tx`: locks the payment (unless the caller holds it), guards the change with `paymentTransition`
 * (an IllegalPaymentTransitionError otherwise), writes it, and puts PaymentTransactionStateUpdated
 * in the outbox on `private-client-payment.{id}`. The caller locks the transfer first when it
 * changes both (transfers before payments, always). Returns the changed row.
 */
export function createPaymentTransitions(deps: PaymentTransitionDeps) {
  return async function transitionPayment(
    tx: Executor,
    change: PaymentChange,
  ): Promise<PaymentRow> {
    const current = change.locked ?? (await deps.repository.lock(tx, change.paymentId));
    if (!current) throw new Error(`payment ${change.paymentId} does not exist`);
    if (current.id !== change.paymentId) throw new Error(`payment ${change.paymentId} not held`);
    const customerConfirmed = change.customerConfirmed ?? current.customer_confirmed_payment;
    const to = paymentTransition(
      {
        state: current.state as PaymentStateCode,
        customerConfirmed: current.customer_confirmed_payment,
      },
      change.to,
      change.cause,
    );
    const row = await deps.repository.setState(tx, current.id, to, deps.clock.now(), {
      customer_confirmed_payment: customerConfirmed,
    });
    const provider = deps.providerOf(row.method_code);
    const locale = change.locale ?? (await deps.customers.localeOf(tx, change.customerId));
    const facts = paymentFactsOf(row);
    await deps.events.paymentStateUpdated(tx, {
      id: row.id,
      state: paymentStateResource(to, locale),
      shared_reference: row.reference,
      payment_url: provider.paymentUrl?.(facts, locale) ?? null,
      awaiting_confirmation: provider.awaitingConfirmation(facts),
    });
    return row;
  };
}

export type TransitionPayment = ReturnType<typeof createPaymentTransitions>;
