import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/database.ts';
import type { Jobs } from '../../jobs/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { Outbox } from '../../outbox/index.ts';
import type { RandomSource } from '../../lib/random.ts';
import type { CustomerService } from '../customers/index.ts';
import type { RealtimeEvents } from '../realtime/index.ts';
import type { PaymentProvider } from './payment-provider.ts';
import {
  createPaymentRefunds,
  providerRefundHandler,
  PROVIDER_REFUND,
  type PaymentRefunds,
} from './payment-refunds.ts';
import { createPaymentTransitions } from './payment-transitions.ts';
import {
  paymentViews,
  type OperatorPaymentDetail,
  type OperatorPaymentFilter,
  type OperatorPaymentSummary,
} from './payment-views.ts';
import { createPaymentsRepository } from './payments.repository.ts';
import { createPaymentBatches, type PaymentBatches } from './payments-batches.ts';
import { createPaymentsService, type PaymentsService as PaymentsCore } from './payments.service.ts';
import { createCardChargesRepository } from './sandbox-card-charges.ts';
import { sandboxCardRoutes } from './sandbox-card.routes.ts';
import {
  createSandboxCardService,
  sandboxCardCallbackJob,
  type SandboxCardService,
} from './sandbox-card-service.ts';

/** The payments' service, with their batched reads and changes (payments-batches.ts). */
export type PaymentsService = PaymentsCore & {
  batches: PaymentBatches;
  refunds: PaymentRefunds;
  /** What operators read of payments (`payments:list|show`, payment-views.ts). */
  views: {
    list(filter: OperatorPaymentFilter): Promise<OperatorPaymentSummary[]>;
    show(idOrReference: string): Promise<OperatorPaymentDetail | undefined>;
  };
};

export interface PaymentsModule {
  service: PaymentsService;
  /** The sandbox card provider's side: its page, its decisions, its callbacks' delivery. */
  sandboxCard: SandboxCardService;
  routes: FastifyPluginAsync;
  jobs(jobs: Pick<Jobs, 'register'>): void;
}

/**
 * Payments (issue 29, docs/product/sending-money.md#payments): a transfer's payments, their
 * providers and state machine. The routes that act on them (I've paid, retry, cancel) belong to
 * the transfers' use cases.
 */
export function createPaymentsModule(deps: {
  config: { appUrl: string; payments: { cardCallbackSecrets: readonly string[] } };
  db: Database;
  uow: UnitOfWork;
  jobs: Pick<Jobs, 'send' | 'kick'>;
  /** Refunds tell their provider after the commit (payment-refunds.ts). */
  outbox: Pick<Outbox, 'add' | 'handle'>;
  log: FastifyBaseLogger;
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
  deps.outbox.handle(PROVIDER_REFUND, providerRefundHandler({ db: deps.db, providerOf }));
  const [secret] = deps.config.payments.cardCallbackSecrets;
  if (!secret) throw new Error('no card callback secret configured');
  const sandboxCard = createSandboxCardService({
    ...deps,
    payments: repository,
    charges: createCardChargesRepository(),
    secret,
    appUrl: deps.config.appUrl,
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
      refunds: createPaymentRefunds({
        clock: deps.clock,
        outbox: deps.outbox,
        transitionPayment,
        providerOf,
      }),
      views: {
        list: (filter) => paymentViews.list(deps.db, filter),
        show: (idOrReference) =>
          paymentViews.show(deps.db, idOrReference, (method) => providerOf(method).title),
      },
    },
    sandboxCard,
    routes: async (app) => {
      await app.register(sandboxCardRoutes, {
        service: sandboxCard,
        secret,
        appUrl: deps.config.appUrl,
      });
    },
    jobs(jobs) {
      // A delivery the product did not take (5xx, no answer) is retried with backoff, as a
      // provider retries its webhooks.
      jobs.register(sandboxCardCallbackJob, ({ charge_id }) => sandboxCard.deliver(charge_id), {
        retryLimit: 8,
        retryDelaySeconds: 5,
        retryBackoff: true,
        concurrency: 2,
        expireInSeconds: 30,
      });
    },
  };
}

export type { PaymentProvider, PaymentFacts, ProviderRefund } from './payment-provider.ts';
export {
  hasRefundSql,
  refundIdOf,
  refundResource,
  RefundRefusedError,
  type PaymentRefunds,
  type RefundRequest,
  type RefundRow,
} from './payment-refunds.ts';
export { sandboxRefundsOf, type SandboxRefundRow } from './sandbox-refunds.ts';
export {
  isPaymentState,
  type OperatorPaymentDetail,
  type OperatorPaymentFilter,
  type OperatorPaymentSummary,
} from './payment-views.ts';
export type { PaymentChange, TransitionPayment } from './payment-transitions.ts';
export type { PaymentRow } from './payments.repository.ts';
export type { PaymentOpening } from './payments.service.ts';
export type { PaymentBatchChange, PaymentBatches } from './payments-batches.ts';
export { createSandboxBank, SANDBOX_BANK_ACCOUNTS, SANDBOX_BANK_NAME } from './sandbox-bank.ts';
export { createSandboxCard, SANDBOX_CARD_METHOD, TEST_CARDS } from './sandbox-card.ts';
export { cardCallbackPath, sandboxCardCallbackJob } from './sandbox-card-service.ts';
export {
  providerCallbackRoutes,
  type CallbackOutcome,
  type ProviderCallbackRoutesOptions,
} from './provider-callbacks.routes.ts';
export {
  signCallback,
  SIGNATURE_HEADER,
  verifyCallback,
  type CardEvent,
} from './provider-callbacks.ts';
export { paymentTransactionOf, paymentTransactionSql } from './payments.repository.ts';
export {
  cancelRefusal,
  IllegalPaymentTransitionError,
  isAwaitingPayment,
  newPaymentRefusal,
  NewPaymentRefusedError,
  PAYMENT_STATES,
  PaymentCancelRefusedError,
} from './payment-states.ts';
