import type { Clock } from '../../lib/clock.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { CustomerService } from '../customers/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createPaymentTransitions } from './payment-transitions.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentBatches, type PaymentBatches } from './payments-batches.ts';
import { createPaymentsService, type PaymentsService as PaymentsCore } from './payments.service.ts';

/** The payments' service, with their batched reads and changes (payments-batches.ts). */
export type PaymentsService = PaymentsCore & { batches: PaymentBatches };

export interface PaymentsModule {
  service: PaymentsService;
}

/**
 * Payments (issue 29, docs/product/sending-money.md#payments): a transfer's payments, their
 * providers and state machine. The routes that act on them (I've paid, retry, cancel) belong to
 * the transfers' use cases.
 */
export function createPaymentsModule(deps: {
  clock: Clock;
  random: RandomSource;
  events: RealtimeEvents;
  customers: Pick<CustomerService, 'localeOf'>;
  /** The configured providers by the payment method they serve (app/providers.ts). */
  providers: ReadonlyMap<string, PaymentProvider>;
}): PaymentsModule {
  const { providers } = deps;
  const repository = createPaymentsRepository();
  const providerOf = (methodCode: string) => {
    const provider = providers.get(methodCode);
    if (!provider) throw new Error(`no payment provider serves ${methodCode}`);
    return provider;
  };
  const transitionPayment = createPaymentTransitions({
    repository,
    clock: deps.clock,
    events: deps.events,
    customers: deps.customers,
    providerOf,
  });
  return {
    service: {
      ...createPaymentsService({
        repository,
        clock: deps.clock,
        random: deps.random,
        providers,
        transitionPayment,
      }),
      batches: createPaymentBatches({
        repository,
        clock: deps.clock,
        events: deps.events,
        providerOf,
      }),
    },
  };
}

export type { PaymentProvider, PaymentFacts } from './payment-provider.ts';
export type { PaymentChange, TransitionPayment } from './payment-transitions.ts';
export type { PaymentRow } from './payments.repository.ts';
export type { PaymentOpening } from './payments.service.ts';
export type { PaymentBatchChange, PaymentBatches } from './payments-batches.ts';
export { createSandboxBank, SANDBOX_BANK_ACCOUNTS, SANDBOX_BANK_NAME } from './sandbox-bank.ts';
export { paymentTransactionOf } from './payments.repository.ts';
export {
  cancelRefusal,
  IllegalPaymentTransitionError,
  isAwaitingPayment,
  newPaymentRefusal,
  NewPaymentRefusedError,
  PAYMENT_STATES,
  PaymentCancelRefusedError,
} from './payment-states.ts';
